/** Resolves once SIGINT or SIGTERM arrives and `shutdown` has run, so servers close cleanly. */
export function onShutdownSignal(shutdown: () => Promise<void>): Promise<void> {
  return new Promise((resolve) => {
    let closing = false;
    const handler = (): void => {
      if (closing) return;
      closing = true;
      shutdown()
        .catch((error: unknown) => console.error(`shutdown failed: ${(error as Error).message}`))
        .finally(() => {
          process.off('SIGINT', handler);
          process.off('SIGTERM', handler);
          resolve();
        });
    };
    process.on('SIGINT', handler);
    process.on('SIGTERM', handler);
  });
}
