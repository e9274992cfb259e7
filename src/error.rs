//! Errors are values with a message a player understands (API.md).

use std::fmt;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ErrorCode {
    BadOptions,
    MalformedAction,
    IllegalAction,
    GameOver,
    BadSave,
}

impl ErrorCode {
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorCode::BadOptions => "bad_options",
            ErrorCode::MalformedAction => "malformed_action",
            ErrorCode::IllegalAction => "illegal_action",
            ErrorCode::GameOver => "game_over",
            ErrorCode::BadSave => "bad_save",
        }
    }
}

#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Error {
    pub code: ErrorCode,
    pub message: String,
}

impl Error {
    pub fn new(code: ErrorCode, message: impl Into<String>) -> Error {
        Error {
            code,
            message: message.into(),
        }
    }
    pub fn bad_options(m: impl Into<String>) -> Error {
        Error::new(ErrorCode::BadOptions, m)
    }
    pub fn malformed(m: impl Into<String>) -> Error {
        Error::new(ErrorCode::MalformedAction, m)
    }
    pub fn illegal(m: impl Into<String>) -> Error {
        Error::new(ErrorCode::IllegalAction, m)
    }
    pub fn bad_save(m: impl Into<String>) -> Error {
        Error::new(ErrorCode::BadSave, m)
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.code.as_str(), self.message)
    }
}

impl std::error::Error for Error {}
