/**
 * Where the server's log goes: stdout, through Node's own non-blocking stream, never in a way that can stop the
 * process (issue 26). Pino's default destination flushes synchronously when the process exits: with stdout a pipe
 * nobody reads any more (a parent gone while shutdown runs), that flush retried for good and the process sat
 * there, its lock already released, for 19 minutes. Here a line that cannot be written waits in the stream's
 * queue; past `maxQueuedBytes` lines are dropped and counted; a broken pipe stops the log, not the server; and
 * nothing is flushed at exit, so exiting never waits on the reader.
 */
export interface LogOutput {
  write(line: string): boolean;
  /** Lines dropped since the last one written (the queue was full or the output broken). */
  readonly dropped: number;
}

export const LOG_QUEUE_LIMIT_BYTES = 8 * 1024 * 1024;

export function createLogOutput(
  out: NodeJS.WritableStream & { writableLength: number } = process.stdout,
  maxQueuedBytes = LOG_QUEUE_LIMIT_BYTES,
): LogOutput {
  let broken = false;
  let dropped = 0;
  // EPIPE (nobody holds the reading end) or any other write error: the log stops; an unhandled 'error' would end
  // the process.
  out.on('error', () => {
    broken = true;
  });
  return {
    get dropped() {
      return dropped;
    },
    write(line: string) {
      if (broken || out.writableLength > maxQueuedBytes) {
        dropped++;
        return true;
      }
      if (dropped) {
        out.write(
          `${JSON.stringify({ level: 40, time: Date.now(), msg: `${dropped} log lines dropped: the log output was not being read` })}\n`,
        );
        dropped = 0;
      }
      out.write(line);
      return true;
    },
  };
}
