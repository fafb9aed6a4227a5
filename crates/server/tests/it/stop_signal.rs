//! `triominos serve` hears SIGTERM from before it accepts anything (issue 45):
//! a stop sent before anything waits on it is a graceful stop, not the
//! default action that kills the process with status 143. One test in its
//! own binary: the signal goes to this process.

#[cfg(unix)]
#[tokio::test]
async fn a_sigterm_sent_before_anyone_waits_is_heard_not_fatal() {
    let mut stop = triominos_server::StopSignal::listen();
    // Nothing polls `stop` yet, as while the server starts and answers its
    // first request. Without the handler installed, this kills the process.
    let sent = std::process::Command::new("kill").args(["-TERM", &std::process::id().to_string()]).status().unwrap();
    assert!(sent.success());
    let heard = tokio::time::timeout(std::time::Duration::from_secs(30), stop.recv()).await;
    assert_eq!(heard, Ok("SIGTERM"));
}
