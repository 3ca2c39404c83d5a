/**
 * `abandonedBy`: the user id of a claim whose registration never got recorded (the process died
 * between the two appends); the caller checked that user's stream is empty, so the claim may move.
 */
export type ClaimEmail = { type: 'ClaimEmail'; email: string; userId: string; abandonedBy?: string; at: string };
export type ReleaseEmail = { type: 'ReleaseEmail'; email: string; userId: string; at: string };

export type EmailClaimCommand = ClaimEmail | ReleaseEmail;
