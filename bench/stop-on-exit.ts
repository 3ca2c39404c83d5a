/**
 * Stops a service a bench started itself (`startedHere`), once, when the bench exits or is interrupted
 * (Ctrl-C, SIGTERM); one it found running is left alone. Returns the stop, for an earlier end.
 */
export function stopOnExit(startedHere: boolean, down: () => void): () => void {
  let stopped = !startedHere;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    down();
  };
  process.once('exit', stop);
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => {
      stop();
      process.exit(128 + (signal === 'SIGINT' ? 2 : 15));
    });
  return stop;
}
