// Font and scheme problems must never break the panel (SPEC.md section 8: "logged only"), so every
// function that can meet one takes a logger instead of throwing.
export interface TokensLogger {
  warn(message: string, ...details: unknown[]): void;
}

export const consoleLogger: TokensLogger = {
  warn: (message, ...details) => console.warn(`[cairn/tokens] ${message}`, ...details),
};
