// For tests only (never imported by production code: the layer rules refuse it): what a spec of another lib
// (the team's use cases of @lib/teams) needs to build an account on a real event store the way the API would,
// and to project its keys by hand the way the projector role would.
export { OpenAccountHandler } from '../open-account/open-account.handler';
export { IssueApiKeyHandler } from '../issue-api-key/issue-api-key.handler';
export { apiKeysProjection } from '../authenticate/api-keys.projection';
export { accountStream } from '../domain/account.decider';
