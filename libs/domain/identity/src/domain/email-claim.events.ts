// Event type strings are stored forever: never rename one; add a new type, and read a changed
// shape through an upcaster (CONTRIBUTING.md, Adding an event).
export type EmailClaimed = { type: 'EmailClaimed'; data: { email: string; userId: string; claimedAt: string } };
export type EmailReleased = { type: 'EmailReleased'; data: { email: string; userId: string; releasedAt: string } };

export type EmailClaimEvent = EmailClaimed | EmailReleased;
