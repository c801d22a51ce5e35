// The client's log sink. Lines never carry the secret or a token: the client scrubs them first.
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
export type Logger = (level: LogLevel, message: string) => void;

export const silentLogger: Logger = () => undefined;
