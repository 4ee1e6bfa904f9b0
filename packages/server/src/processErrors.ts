import type { Logger } from 'pino';

// What the process does with an error no code path caught. A rejected promise nobody awaited ends only
// its own chain: the server's state is as that chain left it, so it is logged and the node keeps
// serving (Node's default would end the process, and with it every visitor's click). An uncaught
// exception can stop any code half-way through changing shared state, so that is logged with what
// threw and the process still ends as Node ends it, for the supervisor to start a clean one.

/** Installs the handlers; the returned function removes them (a server closed inside a longer process). */
export function logProcessErrors(logger: Logger): () => void {
  const onRejection = (reason: unknown) => {
    logger.error({ err: reason }, 'unhandled promise rejection; the server keeps serving');
  };
  const onException = (error: Error, origin: string) => {
    logger.fatal({ err: error, origin }, 'uncaught exception; the process ends');
  };
  process.on('unhandledRejection', onRejection);
  process.on('uncaughtExceptionMonitor', onException);
  return () => {
    process.off('unhandledRejection', onRejection);
    process.off('uncaughtExceptionMonitor', onException);
  };
}
