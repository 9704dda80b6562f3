/**
 * An error whose status and message are meant for the client. Anything else is a 500.
 * `details` are further fields of the JSON body beside `message` (a refused redemption's
 * `reason`, say); they never replace the message.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The JSON body the client gets. */
  body(): Record<string, unknown> {
    return { ...this.details, message: this.message };
  }
}

export const badRequest = (message: string) => new ApiError(400, message);
export const unauthorized = (message = 'Unauthorized: sign in again') => new ApiError(401, message);
export const forbidden = (message = 'Forbidden') => new ApiError(403, message);
export const notFound = (message = 'Not found') => new ApiError(404, message);
export const conflict = (message: string) => new ApiError(409, message);
