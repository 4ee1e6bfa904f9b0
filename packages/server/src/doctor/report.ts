// One line per check, its verdict first, so an operator reads down the left edge for what to fix.

export type CheckStatus = 'ok' | 'warn' | 'fail';

export interface Check {
  /** Short and stable: `node`, `http port`, `config store` ... */
  name: string;
  status: CheckStatus;
  /** What was found and, unless ok, what to do about it. */
  message: string;
}

const NAME_WIDTH = 14;

export function formatChecks(checks: readonly Check[]): string {
  const lines = checks.map(
    (check) => `${check.status.padEnd(5)}${check.name.padEnd(NAME_WIDTH)}${check.message}`,
  );
  const failed = checks.filter((check) => check.status === 'fail').length;
  const warned = checks.filter((check) => check.status === 'warn').length;
  lines.push(
    '',
    failed > 0
      ? `${failed} check${failed === 1 ? '' : 's'} failed: fix ${failed === 1 ? 'it' : 'them'} before starting Cairn.`
      : warned > 0
        ? `Cairn can start; ${warned} warning${warned === 1 ? '' : 's'} above.`
        : 'Everything checked is ready for Cairn.',
  );
  return `${lines.join('\n')}\n`;
}

/** 1 when a check failed (scripts and provisioning can stop on it), else 0: warnings do not fail. */
export function exitCodeOf(checks: readonly Check[]): number {
  return checks.some((check) => check.status === 'fail') ? 1 : 0;
}
