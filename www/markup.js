// The markup of one game table: tool bar, board, side panels and dialogs.
// The page (main.js) puts it in <body>; the embeddable element
// (tongiaki-element.js) puts it in its shadow root, so ids only need to be
// unique within one table. createApp finds its parts by these ids.

export const TABLE_HTML = `
<header class="topbar">
  <h1 class="brand"><span class="brand-mark" aria-hidden="true"></span>Tongiaki</h1>
  <button id="menu-toggle" class="menu-toggle" type="button" aria-expanded="false" aria-controls="tools" title="Menu" aria-label="Menu" data-t-title="m.menu" data-t-aria-label="m.menu">☰</button>
  <nav id="tools" class="tools" aria-label="Game and view" data-t-aria-label="m.tools">
    <button id="new-game" type="button" title="Start a new game (N)" data-t-title="m.newGameTitle" data-t="m.newGame">New game</button>
    <button id="save-file" type="button" title="Download this game as a file (its moves from the start)" data-t-title="m.saveFileTitle" data-t="m.saveFile">Save file</button>
    <button id="open-file" type="button" title="Open a game file saved earlier" data-t-title="m.openFileTitle" data-t="m.openFile">Open file</button>
    <input id="open-file-input" type="file" accept=".json,application/json" hidden />
    <button id="replay" type="button" title="Step through this game move by move" data-t-title="m.replayTitle" data-t="m.replay">Replay</button>
    <button id="review" type="button" title="Review this game once it is over: the moves that cost most, and the luck" data-t-title="rv.buttonTitle" data-t="rv.button" disabled hidden>Review</button>
    <button id="hint" type="button" title="The move the strongest bot would make here (the review counts the hints used)" data-t-title="rv.hintTitle" hidden><svg class="tool-icon" viewBox="0 0 20 20" width="16" height="16" aria-hidden="true"><path d="M10 2.5a5.5 5.5 0 0 0-3.2 10c.6.4.9 1 .9 1.7V15h4.6v-.8c0-.7.3-1.3.9-1.7A5.5 5.5 0 0 0 10 2.5z" fill="currentColor"/><path d="M7.8 17.2h4.4" stroke="currentColor" stroke-width="1.6" stroke-linecap="round"/></svg><span class="tool-text" data-t="rv.hint">Hint</span></button>
    <button id="take-back" type="button" title="Take back your last move, unless a card was revealed since (Ctrl+Z)" data-t-title="m.takeBackTitle" disabled><span class="tool-icon" aria-hidden="true">↶</span><span class="tool-text" data-t="m.takeBack">Take back</span></button>
    <span class="sep" aria-hidden="true"></span>
    <button id="zoom-out" type="button" title="Zoom out (-)" aria-label="Zoom out" data-t-title="m.zoomOutTitle" data-t-aria-label="m.zoomOut">−</button>
    <button id="fit" type="button" title="Fit the board to the window (F)" data-t-title="m.fitTitle"><svg class="tool-icon" viewBox="0 0 20 20" width="16" height="16" aria-hidden="true"><path d="M3 8V3h5M12 3h5v5M17 12v5h-5M8 17H3v-5" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/></svg><span class="tool-text" data-t="m.fit">Fit board</span></button>
    <button id="zoom-in" type="button" title="Zoom in (+)" aria-label="Zoom in" data-t-title="m.zoomInTitle" data-t-aria-label="m.zoomIn">+</button>
    <span class="sep" aria-hidden="true"></span>
    <label class="speed"><svg class="tool-icon" viewBox="0 0 20 20" width="18" height="18" aria-hidden="true"><circle cx="10" cy="11" r="7" fill="none" stroke="currentColor" stroke-width="2"/><path d="M10 11l3.5-3.5M8 2h4" stroke="currentColor" stroke-width="2" stroke-linecap="round"/></svg><span class="tool-text" data-t="m.speed">Bot speed</span>
      <select id="speed" title="How fast bots move and animations play" data-t-title="m.speedTitle">
        <option value="2" data-t="m.slow">Slow</option>
        <option value="1" selected data-t="m.normal">Normal</option>
        <option value="0.35" data-t="m.fast">Fast</option>
        <option value="0" data-t="m.instant">Instant</option>
      </select>
    </label>
    <label class="check" title="Apply a decision automatically when it is the only legal one" data-t-title="m.autoTitle">
      <input id="auto-forced" type="checkbox" checked /> <span class="tool-text" data-t="m.auto">Auto-play forced moves</span><span class="tool-short" aria-hidden="true" data-t="m.autoShort">Auto-play</span>
    </label>
    <label class="check" title="Offer a hint during a local game against bots" data-t-title="rv.hintsOnTitle">
      <input id="hints-on" type="checkbox" /> <svg class="tool-icon" viewBox="0 0 20 20" width="16" height="16" aria-hidden="true"><path d="M10 2.5a5.5 5.5 0 0 0-3.2 10c.6.4.9 1 .9 1.7V15h4.6v-.8c0-.7.3-1.3.9-1.7A5.5 5.5 0 0 0 10 2.5z" fill="none" stroke="currentColor" stroke-width="1.6"/><path d="M7.8 17.2h4.4" stroke="currentColor" stroke-width="1.6" stroke-linecap="round"/></svg><span class="tool-text" data-t="rv.hintsOn">Hints</span>
    </label>
    <label class="check" title="Stronger colours and outlines" data-t-title="a11y.contrastTitle">
      <input id="high-contrast" type="checkbox" /> <span class="tool-icon" aria-hidden="true">◐</span><span class="tool-text" data-t="a11y.contrast">High contrast</span>
    </label>
    <button id="learn" type="button" title="A guided first game: learn Tongiaki by playing it" data-t-title="m.learnTitle" data-t="m.learn">Learn to play</button>
    <button id="help" type="button" title="How to play (?)" data-t-title="m.helpTitle"><span class="tool-icon" aria-hidden="true">?</span><span class="tool-text" data-t="m.help">How to play</span></button>
    <button id="sound" type="button" class="icon" aria-pressed="true" aria-label="Sound" data-t-aria-label="m.sound" title="Sounds are on: click to mute them" data-t-title="m.soundOnTitle"><svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true"><path d="M3 7.5h3l4-3.5v12l-4-3.5H3z" fill="currentColor"/><path class="sound-waves" d="M13 7a4 4 0 0 1 0 6M15.5 4.5a7.5 7.5 0 0 1 0 11" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round"/><path class="sound-off" d="M13 7l5 6M18 7l-5 6" stroke="currentColor" stroke-width="1.8" stroke-linecap="round"/></svg></button>
    <label class="lang"><span class="sr-only" data-t="m.language">Language</span>
      <select id="language"></select>
    </label>
  </nav>
</header>

<main class="table">
  <div class="board-wrap" id="board-wrap">
    <canvas id="board" tabindex="0" role="application" aria-label="The board" data-t-aria-label="a11y.board"></canvas>
    <div id="board-focus" class="board-focus" aria-hidden="true" hidden></div>
    <div id="announcer" class="sr-only" role="log" aria-live="polite"></div>
    <div id="a11y-say" class="sr-only" aria-live="assertive" aria-atomic="true"></div>
    <div id="thinking" class="thinking" hidden aria-live="polite"></div>
    <button id="follow" class="follow" type="button" hidden title="The view shows what happens again, and your choices up close" data-t-title="m.followTitle" data-t="m.follow">Follow the game</button>
    <div id="toast" class="toast" role="alert" hidden></div>
    <div id="loading" class="loading" data-t="m.loading">Loading the engine…</div>
    <div id="replay-bar" class="replay-bar" role="toolbar" aria-label="Replay" data-t-aria-label="m.replay" hidden>
      <button id="replay-first" type="button" title="To the start (Home)" aria-label="To the start" data-t-title="m.rFirstTitle" data-t-aria-label="m.rFirst">|◀</button>
      <button id="replay-back" type="button" title="One move back (←)" aria-label="One move back" data-t-title="m.rBackTitle" data-t-aria-label="m.rBack">◀</button>
      <input id="replay-slider" type="range" min="0" max="0" value="0" aria-label="Move" data-t-aria-label="m.rMove" />
      <button id="replay-forward" type="button" title="One move forward (→)" aria-label="One move forward" data-t-title="m.rForwardTitle" data-t-aria-label="m.rForward">▶</button>
      <button id="replay-last" type="button" title="To the end (End)" aria-label="To the end" data-t-title="m.rLastTitle" data-t-aria-label="m.rLast">▶|</button>
      <output id="replay-pos" class="replay-pos"></output>
      <button id="replay-exit" type="button" class="primary" title="Leave the replay and go on with the game" data-t-title="m.rExitTitle" data-t="m.rExit">Back to the game</button>
      <p id="replay-move" class="replay-move"></p>
    </div>
  </div>

  <aside class="side" aria-label="Game information and controls" data-t-aria-label="m.side">
    <section id="coach" class="panel coach" aria-live="polite" hidden></section>
    <section class="panel status-panel">
      <div id="turn-line" class="turn-line"></div>
      <p id="prompt" class="prompt"></p>
      <div id="controls" class="controls"></div>
    </section>

    <section class="panel">
      <h2 data-t="m.players">Players</h2>
      <table id="players" class="players">
        <thead>
          <tr><th scope="col"><span class="sr-only" data-t="m.colour">Colour</span></th><th scope="col" data-t="m.name">Name</th><th scope="col" title="Ships in the supply" data-t-title="m.supplyTitle" data-t="m.supply">Supply</th><th scope="col" title="King islands" data-t-title="m.kingsTitle" data-t="m.kings">Kings</th><th scope="col" title="Islands with a ship" data-t-title="m.islTitle" data-t="m.isl">Isl.</th><th scope="col" title="Score if the game ended now" data-t-title="m.scoreTitle" data-t="m.score">Score</th></tr>
        </thead>
        <tbody></tbody>
      </table>
      <p id="pile" class="pile"></p>
    </section>

    <section class="panel actions-panel">
      <h2 id="actions-title" data-t="m.actions">Legal actions</h2>
      <ul id="actions" class="actions" aria-labelledby="actions-title"></ul>
    </section>

    <section class="panel log-panel">
      <h2 id="log-title" data-t="m.log">Game log</h2>
      <ol id="log" class="log" aria-labelledby="log-title" aria-live="off" tabindex="0"></ol>
    </section>

    <section class="panel textboard-panel">
      <h2 id="textboard-title" data-t="a11y.boardTitle">The board in words</h2>
      <ul id="textboard" class="textboard" role="tree" aria-labelledby="textboard-title"></ul>
    </section>
  </aside>
</main>

<dialog id="newgame-dialog" class="dialog" aria-labelledby="newgame-title">
  <form id="newgame-form" method="dialog">
    <h2 id="newgame-title" data-t="m.newGame">New game</h2>
    <div id="newgame-where" class="where-tabs" role="radiogroup" aria-label="Where to play" data-t-aria-label="o.where" hidden>
      <label class="where-tab"><input type="radio" name="newgame-where" id="local-play" value="local" checked /> <span data-t="o.tabHere">On this device</span></label>
      <label class="where-tab"><input type="radio" name="newgame-where" id="online-play" value="online" /> <span data-t="o.play">Play online</span></label>
    </div>
    <div id="online-panel" class="online-panel" hidden>
      <label class="online-name"><span data-t="o.yourName">Your name</span>
        <input id="online-own-name" type="text" maxlength="40" autocomplete="nickname" /></label>
      <p class="hint" data-t="o.nameHint">Everyone at the table sees this name; this device remembers it.</p>
      <div class="online-quick-row">
        <button type="button" id="online-quick" class="primary" data-t="o.quick">Quick play</button>
        <span class="hint" data-t="o.quickHint">A seat at the table that has waited longest, or a new one that others can find.</span>
      </div>
      <p id="online-problem" class="error" role="alert" hidden></p>
      <section id="mine-part" class="mine-part" hidden>
        <h3 data-t="o.mine">My tables</h3>
        <ol id="mine-list" class="mine-list"></ol>
      </section>
      <section class="lobby-part">
        <h3 data-t="o.lobby">Open tables</h3>
        <ol id="lobby-list" class="lobby-list" aria-live="polite"></ol>
        <p id="lobby-status" class="hint" hidden></p>
      </section>
      <h3 data-t="o.make">Or make a table</h3>
      <div class="online-make">
        <label class="check"><input type="radio" name="online-kind" id="online-find" checked /> <span data-t="o.find">Find players</span></label>
        <label class="check"><input type="radio" name="online-kind" id="online-friends" /> <span data-t="o.friends">Invite friends</span></label>
        <label class="check" title="Public: strangers find it in the open tables." data-t-title="o.publicTitle"><input type="checkbox" id="online-public" checked /> <span data-t="o.public">List it in the open tables</span></label>
        <select id="online-mode" title="Live: everyone at the table now, a clock per turn. Turn-based: each plays when they can." data-t-title="o.modeTitle" aria-label="How the online table plays" data-t-aria-label="a11y.onlineMode" disabled>
          <option value="live" data-t="o.live">Live</option>
          <option value="turn" data-t="o.turnBased">Turn-based</option>
        </select>
      </div>
    </div>
    <p class="hint" data-t="m.seatsHint">Seats in playing order: the first seat starts. Every seat can be a person (hot-seat) or a bot.</p>
    <ol id="seats" class="seats"></ol>
    <div class="row">
      <button type="button" id="add-seat" data-t="m.addSeat">Add a seat</button>
      <label id="seed-label"><span data-t="m.seed">Seed</span> <input id="seed" type="number" min="0" step="1" placeholder="random" data-t-placeholder="m.random" inputmode="numeric" /></label>
    </div>
    <p id="online-hint" class="hint" data-t="o.dialogHint" hidden>Online: the first seat is yours, the other persons join by the link you get, the bots play on the server, and the colours go in seat order.</p>
    <p id="newgame-error" class="error" role="alert" hidden></p>
    <div class="row end">
      <button type="button" id="newgame-cancel" value="cancel" data-t="m.cancel">Cancel</button>
      <button type="submit" id="newgame-start" class="primary" data-t="m.start">Start game</button>
    </div>
  </form>
</dialog>

<dialog id="ranking-dialog" class="dialog" aria-labelledby="ranking-title">
  <h2 id="ranking-title" data-t="m.over">The game is over</h2>
  <ol id="ranking" class="ranking"></ol>
  <p class="hint" data-t="m.r62">R62: most points; ties go to the most islands with a ship (king islands and Tonga count), then to the fewest ships on the table.</p>
  <div class="row end">
    <button type="button" id="ranking-close" data-t="m.look">Look at the board</button>
    <button type="button" id="ranking-review" data-t="rv.rankingButton">Review the game</button>
    <button type="button" id="play-again" class="primary" data-t="m.again">Play again</button>
  </div>
</dialog>

<dialog id="help-dialog" class="dialog" aria-labelledby="help-title">
  <h2 id="help-title" data-t="m.help">How to play</h2>
  <ul class="help" data-t-html="m.helpList">
    <li><b>Setup:</b> click a beach of Tonga to put a ship there, twice around the table.</li>
    <li><b>Your turn:</b> pick <i>Expand</i>, <i>King island</i> or <i>Resettle</i>, then click the island. To expand with a choice, click the beaches you want; the move is made as soon as enough are chosen (click a chosen one again to unchoose).</li>
    <li><b>Emigration:</b> a full beach must sail. Each card is cut into six slices, one per side: click the slice toward the jetty to sail through.</li>
    <li><b>Landing:</b> the arriving ships wait in the tray by colour. Pick a colour, click a beach; <i>Send home</i> when there is no room.</li>
    <li><b>Laying a card:</b> move over a highlighted empty place; turn it with <kbd>R</kbd>, the wheel or the buttons; click to lay it.</li>
    <li><b>Board:</b> drag to pan, wheel or pinch to zoom, <kbd>F</kbd> fits the board. <kbd>Esc</kbd> clears a selection.</li>
    <li>Every legal move is also in the list on the right, usable with the keyboard.</li>
  </ul>
  <h3 data-t="m.rulesTitle">The rules in short</h3>
  <ul class="help rules" data-t-html="m.rulesList"></ul>
  <h3 data-t="a11y.keysTitle">Keys</h3>
  <ul class="help keys" data-t-html="a11y.keys"></ul>
  <div class="row end"><button type="button" id="help-close" class="primary" data-t="m.close">Close</button></div>
</dialog>
`;
