//! The score pad: scoring a game played with a real box (work in progress).
