// The logging the embedded pieces need: the shape of a pino logger's methods, so a pino logger fits.
export interface EmbeddedLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export const silentLogger: EmbeddedLogger = {
  info() {},
  warn() {},
  error() {},
};
