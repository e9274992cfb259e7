// The markup of one game table: tool bar, board, side panels and dialogs.
// The page (main.js) puts it in <body>; the embeddable element
// (tongiaki-element.js) puts it in its shadow root, so ids only need to be
// unique within one table. createApp finds its parts by these ids.

export const TABLE_HTML = `
<header class="topbar">
  <h1 class="brand"><span class="brand-mark" aria-hidden="true"></span>Tongiaki</h1>
  <nav class="tools" aria-label="Game and view">
    <button id="new-game" type="button" title="Start a new game (N)">New game</button>
    <button id="save-file" type="button" title="Download this game as a file (its moves from the start)">Save file</button>
    <button id="open-file" type="button" title="Open a game file saved earlier">Open file</button>
    <input id="open-file-input" type="file" accept=".json,application/json" hidden />
    <button id="replay" type="button" title="Step through this game move by move">Replay</button>
    <span class="sep" aria-hidden="true"></span>
    <button id="zoom-out" type="button" title="Zoom out (-)" aria-label="Zoom out">−</button>
    <button id="fit" type="button" title="Fit the board to the window (F)">Fit board</button>
    <button id="zoom-in" type="button" title="Zoom in (+)" aria-label="Zoom in">+</button>
    <span class="sep" aria-hidden="true"></span>
    <label class="speed">Bot speed
      <select id="speed" title="How fast bots move and animations play">
        <option value="2">Slow</option>
        <option value="1" selected>Normal</option>
        <option value="0.35">Fast</option>
        <option value="0">Instant</option>
      </select>
    </label>
    <label class="check" title="Apply a decision automatically when it is the only legal one">
      <input id="auto-forced" type="checkbox" checked /> Auto-play forced moves
    </label>
    <button id="help" type="button" title="How to play (?)">How to play</button>
  </nav>
</header>

<main class="table">
  <div class="board-wrap" id="board-wrap">
    <canvas id="board" aria-label="The table: ocean cards of Tongiaki. Use the list of legal actions to play with the keyboard." role="img"></canvas>
    <div id="thinking" class="thinking" hidden aria-live="polite"></div>
    <div id="toast" class="toast" role="alert" hidden></div>
    <div id="loading" class="loading">Loading the engine…</div>
    <div id="replay-bar" class="replay-bar" role="toolbar" aria-label="Replay" hidden>
      <button id="replay-first" type="button" title="To the start (Home)" aria-label="To the start">|◀</button>
      <button id="replay-back" type="button" title="One move back (←)" aria-label="One move back">◀</button>
      <input id="replay-slider" type="range" min="0" max="0" value="0" aria-label="Move" />
      <button id="replay-forward" type="button" title="One move forward (→)" aria-label="One move forward">▶</button>
      <button id="replay-last" type="button" title="To the end (End)" aria-label="To the end">▶|</button>
      <output id="replay-pos" class="replay-pos"></output>
      <button id="replay-exit" type="button" class="primary" title="Leave the replay and go on with the game">Back to the game</button>
      <p id="replay-move" class="replay-move"></p>
    </div>
  </div>

  <aside class="side" aria-label="Game information and controls">
    <section class="panel status-panel" aria-live="polite">
      <div id="turn-line" class="turn-line"></div>
      <p id="prompt" class="prompt"></p>
      <div id="controls" class="controls"></div>
    </section>

    <section class="panel">
      <h2>Players</h2>
      <table id="players" class="players">
        <thead>
          <tr><th scope="col"><span class="sr-only">Colour</span></th><th scope="col">Name</th><th scope="col" title="Ships in the supply">Supply</th><th scope="col" title="King islands">Kings</th><th scope="col" title="Islands with a ship (R62)">Isl.</th><th scope="col" title="Score if the game ended now (R61)">Score</th></tr>
        </thead>
        <tbody></tbody>
      </table>
      <p id="pile" class="pile"></p>
    </section>

    <section class="panel actions-panel">
      <h2 id="actions-title">Legal actions</h2>
      <ul id="actions" class="actions" aria-labelledby="actions-title"></ul>
    </section>

    <section class="panel log-panel">
      <h2 id="log-title">Game log</h2>
      <ol id="log" class="log" aria-labelledby="log-title" aria-live="off"></ol>
    </section>
  </aside>
</main>

<dialog id="newgame-dialog" class="dialog" aria-labelledby="newgame-title">
  <form id="newgame-form" method="dialog">
    <h2 id="newgame-title">New game</h2>
    <p class="hint">Seats in playing order: the first seat starts. Every seat can be a person (hot-seat) or a bot.</p>
    <ol id="seats" class="seats"></ol>
    <div class="row">
      <button type="button" id="add-seat">Add a seat</button>
      <label>Seed <input id="seed" type="number" min="0" step="1" placeholder="random" inputmode="numeric" /></label>
    </div>
    <p id="newgame-error" class="error" role="alert" hidden></p>
    <div class="row end">
      <button type="button" id="newgame-cancel" value="cancel">Cancel</button>
      <button type="submit" id="newgame-start" class="primary">Start game</button>
    </div>
  </form>
</dialog>

<dialog id="ranking-dialog" class="dialog" aria-labelledby="ranking-title">
  <h2 id="ranking-title">The game is over</h2>
  <ol id="ranking" class="ranking"></ol>
  <p class="hint">R62: most points; ties go to the most islands with a ship (king islands and Tonga count), then to the fewest ships on the table.</p>
  <div class="row end">
    <button type="button" id="ranking-close">Look at the board</button>
    <button type="button" id="play-again" class="primary">Play again</button>
  </div>
</dialog>

<dialog id="help-dialog" class="dialog" aria-labelledby="help-title">
  <h2 id="help-title">How to play</h2>
  <ul class="help">
    <li><b>Setup:</b> click a beach of Tonga to put a ship there, twice around the table.</li>
    <li><b>Your turn:</b> pick <i>Expand</i>, <i>King island</i> or <i>Resettle</i>, then click the island. To expand with a choice, click the beaches you want; the move is made as soon as enough are chosen (click a chosen one again to unchoose).</li>
    <li><b>Emigration:</b> a full beach must sail. Each card is cut into six slices, one per side: click the slice toward the jetty to sail through.</li>
    <li><b>Landing:</b> the arriving ships wait in the tray by colour. Pick a colour, click a beach; <i>Send home</i> when there is no room.</li>
    <li><b>Laying a card:</b> move over a highlighted empty place; turn it with <kbd>R</kbd>, the wheel or the buttons; click to lay it.</li>
    <li><b>Board:</b> drag to pan, wheel or pinch to zoom, <kbd>F</kbd> fits the board. <kbd>Esc</kbd> clears a selection.</li>
    <li>Every legal move is also in the list on the right, usable with the keyboard.</li>
  </ul>
  <div class="row end"><button type="button" id="help-close" class="primary">Close</button></div>
</dialog>
`;
