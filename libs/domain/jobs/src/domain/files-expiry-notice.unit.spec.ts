import { deciderSpec } from '@lib/common/testing';
import { filesExpiryDecider, type NoticeFilesExpiry } from './files-expiry-notice';

const given = deciderSpec(filesExpiryDecider);
const finishedAt = '2026-11-01T10:00:00.000Z';
const notice = (at: string, retentionDays = 30): NoticeFilesExpiry => ({
  type: 'NoticeFilesExpiry',
  jobId: 7,
  accountId: 'a1',
  kind: 'verification',
  finishedAt,
  retentionDays,
  at,
});
const expiring = (daysLeft: number, noticedAt: string) => ({
  type: 'JobFilesExpiring',
  data: {
    jobId: 7,
    accountId: 'a1',
    kind: 'verification',
    daysLeft,
    deleteOn: '2026-12-01T10:00:00.000Z',
    retentionDays: 30,
    noticedAt,
  },
});

describe('files expiry notice', () => {
  it('says nothing more than 7 days before the files go', () =>
    given([]).when(notice('2026-11-24T09:59:00.000Z')).then([]));

  it('notices 7 days before', () =>
    given([])
      .when(notice('2026-11-24T10:00:00.000Z'))
      .then([expiring(7, '2026-11-24T10:00:00.000Z')]));

  it('notices 7 days before only once, however often the sweep asks', () => {
    const sent = given([]).when(notice('2026-11-24T10:00:00.000Z')).events();
    given(sent).when(notice('2026-11-25T10:00:00.000Z')).then([]);
  });

  it('notices again 1 day before', () => {
    const sent = given([]).when(notice('2026-11-24T10:00:00.000Z')).events();
    given(sent)
      .when(notice('2026-11-30T11:00:00.000Z'))
      .then([expiring(1, '2026-11-30T11:00:00.000Z')]);
  });

  it('sends the 1-day notice alone when the 7-day one was never sent (a short retention, a late sweep)', () => {
    const sent = given([]).when(notice('2026-11-30T11:00:00.000Z')).events();
    expect(sent).toEqual([expiring(1, '2026-11-30T11:00:00.000Z')]);
    given(sent).when(notice('2026-11-30T12:00:00.000Z')).then([]);
  });

  it('says nothing once the files are due, or when they are kept', () => {
    given([]).when(notice('2026-12-01T10:00:00.000Z')).then([]);
    given([]).when(notice('2026-11-30T11:00:00.000Z', 0)).then([]);
  });
});
