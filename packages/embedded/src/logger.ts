// The logging the embedded pieces need: the shape of a pino logger's methods, so a pino logger fits.
export interface EmbeddedLogger {
  debug?(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export const silentLogger: EmbeddedLogger = {
  debug() {},
  info() {},
  warn() {},
  error() {},
};
