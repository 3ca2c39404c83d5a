/** What a delivery announces: a job event, or a test the customer asked for. */
export type DeliveryEventType = 'job.completed' | 'job.failed' | 'job.files_expiring' | 'webhook.test';

export type ScheduleDelivery = {
  type: 'ScheduleDelivery';
  deliveryId: string;
  webhookId: number;
  accountId: string;
  /** The id receivers de-duplicate by: the job event's id, the same in every attempt. */
  eventId: string;
  eventType: DeliveryEventType;
  /** The exact JSON body sent (and signed) on every attempt. */
  body: string;
  /** Pauses before attempts 2, 3, ...; fixed per delivery so a config change affects new deliveries only. */
  retryDelaysMs: number[];
  at: string;
  /** Starts attempt 1 in the same append, for a sender that delivers right away (test deliveries). */
  claimLeaseMs?: number;
};
/** Claims the next attempt until `at + leaseMs`; a crashed sender's claim expires and the attempt is due again. */
export type StartDeliveryAttempt = { type: 'StartDeliveryAttempt'; at: string; leaseMs: number };
export type RecordDeliveryAttempt = {
  type: 'RecordDeliveryAttempt';
  attempt: number;
  /** HTTP status, or null when no response arrived in time. */
  status: number | null;
  durationMs: number;
  error: string | null;
  at: string;
  /** A uniform random number in [0, 1) drawn by the caller: spreads retries without putting randomness in the decider. */
  jitter: number;
};
/** Ends a delivery without another attempt (its webhook was deleted or deactivated). */
export type AbandonDelivery = { type: 'AbandonDelivery'; reason: string; at: string };

export type DeliveryCommand = ScheduleDelivery | StartDeliveryAttempt | RecordDeliveryAttempt | AbandonDelivery;
