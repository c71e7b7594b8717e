import {
  UesApiError,
  UesAuthError,
  UesConflictError,
  UesNotFoundError,
  UesPermissionError,
  UesServerError,
  UesValidationError,
  type UesApiErrorInit,
  type UesFieldError,
} from './errors.js';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `{loc, msg, type}` entries of a FastAPI-style 422 body (or of `validation_errors`). */
export function fieldErrorsOf(value: unknown): UesFieldError[] {
  if (!Array.isArray(value)) return [];
  return value.filter(isRecord).map((entry) => {
    const loc = Array.isArray(entry.loc)
      ? entry.loc.filter(
          (part): part is string | number => typeof part === 'string' || typeof part === 'number',
        )
      : [];
    return {
      loc,
      field: loc.join('.'),
      msg: typeof entry.msg === 'string' ? entry.msg : JSON.stringify(entry.msg ?? entry),
      ...(typeof entry.type === 'string' ? { type: entry.type } : {}),
    };
  });
}

function describeDetail(detail: unknown): string | undefined {
  if (typeof detail === 'string') return detail;
  if (Array.isArray(detail)) {
    const fields = fieldErrorsOf(detail);
    if (fields.length > 0) {
      return fields.map((field) => (field.field ? `${field.field}: ${field.msg}` : field.msg)).join('; ');
    }
    return detail.length > 0 ? JSON.stringify(detail) : undefined;
  }
  if (isRecord(detail)) {
    // Holds and strict batches nest an object: {message, active_holds} or {detail, failed_index, …}.
    for (const key of ['message', 'detail', 'error']) {
      const nested = describeDetail(detail[key]);
      if (nested) return nested;
    }
    return JSON.stringify(detail);
  }
  return undefined;
}

/**
 * The human explanation in an error body, in the Python client's order: `detail` (a string, a list
 * of `{loc, msg}` or an object), then `message`, then `error`. Bodies that are not JSON objects are
 * quoted as text.
 */
export function describeErrorBody(body: unknown, statusText: string): string {
  if (isRecord(body)) {
    for (const key of ['detail', 'message', 'error']) {
      const text = describeDetail(body[key]);
      if (text) {
        // "The request data failed validation" alone says nothing; add the listed field errors.
        const extra = key === 'detail' ? fieldErrorsOf(body.validation_errors) : [];
        return extra.length > 0 ? `${text}: ${describeDetail(extra)}` : text;
      }
    }
    return JSON.stringify(body);
  }
  if (typeof body === 'string' && body.trim() !== '') return body.trim().slice(0, 500);
  return statusText || 'no explanation in the response body';
}

const REQUIRED_PERMISSION = /Required permission:\s*(\S+)/;

export interface ErrorResponse {
  route: string;
  status: number;
  statusText: string;
  body: unknown;
  /** Whether the client sent an API key, to tell "none configured" from "wrong key" on a 401. */
  sentApiKey: boolean;
}

/** Maps an HTTP error response to the matching typed error, as the Python client does. */
export function errorFromResponse(response: ErrorResponse): UesApiError {
  const { route, status, body } = response;
  const reason = describeErrorBody(body, response.statusText);
  const init: UesApiErrorInit = {
    route,
    status,
    reason,
    detail: isRecord(body) ? body.detail : undefined,
    body,
  };
  switch (true) {
    case status === 401:
      return new UesAuthError({
        ...init,
        hint: response.sentApiKey
          ? 'Check that the apiKey is the secret of an active (not revoked) key.'
          : 'No apiKey is configured on this UesClient.',
      });
    case status === 403: {
      const match = REQUIRED_PERMISSION.exec(reason);
      return new UesPermissionError({ ...init, requiredPermission: match?.[1] });
    }
    case status === 404:
      return new UesNotFoundError(init);
    case status === 409:
      return new UesConflictError(init);
    case status === 422: {
      const fieldErrors = fieldErrorsOf(isRecord(body) ? body.detail : undefined);
      const extra = fieldErrorsOf(isRecord(body) ? body.validation_errors : undefined);
      return new UesValidationError({ ...init, fieldErrors: [...fieldErrors, ...extra] });
    }
    case status >= 500:
      return new UesServerError(init);
    default:
      return new UesApiError(init);
  }
}
