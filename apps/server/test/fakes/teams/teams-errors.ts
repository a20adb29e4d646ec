// Teams' error answers (integrations-reference-2 §6.1–6.2): the Logic Apps front end's
// `{ error: { code, message } }` for a workflow's trigger, and the legacy connector's text. The
// codes and messages beyond MissingApiVersionParameter are assumed (§9.6 marks them unconfirmed).
import type { Answer } from '../kit/answers';
import { errorAnswer } from '../kit/errors';

export const logicAppsError = (
  status: number,
  code: string,
  message: string,
  retryAfterSeconds?: number,
): Answer =>
  errorAnswer(
    status,
    { error: { code, message } },
    retryAfterSeconds === undefined ? {} : { retryAfterSeconds },
  );

export const missingApiVersion = () =>
  logicAppsError(
    400,
    'MissingApiVersionParameter',
    'The api-version query parameter (?api-version=) is required for all requests.',
  );

export const workflowNotFound = (id: string) =>
  logicAppsError(404, 'WorkflowNotFound', `The workflow '${id}' could not be found.`);

export const signatureRefused = (given: boolean) =>
  given
    ? logicAppsError(
        401,
        'DirectApiInvalidAuthorizationSignature',
        'The provided authorization signature is not valid for this request.',
      )
    : logicAppsError(
        401,
        'DirectApiAuthorizationRequired',
        'The request must be authenticated only by Shared Access scheme.',
      );

export const serverError = () =>
  logicAppsError(500, 'InternalServerError', 'The server encountered an internal error.');

/** What failNext answers a workflow's trigger for `status`. */
export function workflowFailure(status: number, retryAfterSeconds?: number): Answer {
  if (status === 429) {
    return logicAppsError(
      429,
      'WorkflowRequestsThrottled',
      'Number of requests exceeded the limit, please try again later.',
      retryAfterSeconds ?? 1,
    );
  }
  if (status === 401) return signatureRefused(true);
  if (status >= 500)
    return logicAppsError(status, 'ServiceUnavailable', 'The service is unavailable.');
  return logicAppsError(status, 'BadRequest', 'A failure the test asked for.');
}

/**
 * The legacy connector's failure: HTTP 200 with a text naming the Teams endpoint's status, as
 * `Webhook message delivery failed with error: Microsoft Teams endpoint returned HTTP error 429 …`.
 */
export const connectorFailure = (status: number): Answer => ({
  status: 200,
  body: `Webhook message delivery failed with error: Microsoft Teams endpoint returned HTTP error ${status} with ContextId tcid=0,server=msgapi-fake-1,cv=${Math.random().toString(36).slice(2)}.0..`,
});

export const connectorBadPayload = (): Answer => ({
  status: 400,
  body: 'Bad payload received by generic incoming webhook.',
});
