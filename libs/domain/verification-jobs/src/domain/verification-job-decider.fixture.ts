import { DecisionSpec, decidedHistory, deciderSpec } from '@lib/common/testing';
import { aVerdict } from '../../../../../test/support/verdicts';
import { CompleteChunk, CreateJob, VerificationJobCommand } from './verification-job.commands';
import { verificationJobDecider } from './verification-job.decider';
import { ChunkResult, ResultName, VerificationJobEvent } from './verification-job.events';
import { AT, createJobCommand } from './verification-job.fixture';

// The builders the decider's specs share (verification-job.decider.unit.spec.ts for creating, running and
// resuming a job, verification-job-ending.unit.spec.ts for cancelling and purging it).

export const createJob = (chunkCount = 2): CreateJob =>
  createJobCommand({
    chunkCount,
    columnCount: 3,
    counts: { rows: 6, uniqueAddresses: 4, duplicates: 1, invalidSyntax: 1 },
  });

export const result = (email: string, outcome: ResultName, rows = 1): ChunkResult => ({
  email,
  canonical: email,
  firstRow: 1,
  rows,
  verdict: aVerdict({ result: outcome, resultCode: 1 }),
});

export const given = deciderSpec(verificationJobDecider);

/** What a load-'last' command runner sees: only the latest event folded. */
export const whenLoadingLast = (
  history: VerificationJobEvent[],
  command: VerificationJobCommand,
): DecisionSpec<VerificationJobEvent> => given(history.slice(-1)).when(command);

export const chunk = (
  chunkNo: number,
  results: ChunkResult[],
  retry: CompleteChunk['retry'] = null,
): CompleteChunk => ({
  type: 'CompleteChunk',
  chunkNo,
  results,
  retry,
  at: AT,
});

export const started = () => decidedHistory(verificationJobDecider, createJob(), { type: 'StartJob', at: AT });
