import { AdaptiveSettings, MxLimits } from './mx-limits';

const settings: AdaptiveSettings = {
  concurrencyFloor: 1,
  concurrencyCeiling: 10,
  connectsPerSecond: 50,
  connectsPerSecondCeiling: 400,
  errorBudget: 8,
  learnedMemoryMs: 60_000,
};
const now = 1_000_000;

describe('MX limits', () => {
  describe('the connect rate', () => {
    it('starts at the configured rate and grows per clean, freshly connected session up to the ceiling', () => {
      const limits = new MxLimits(settings, now);
      expect(limits.rate).toBe(50);
      const raised: boolean[] = [];
      for (let i = 0; i < 40; i++) raised.push(limits.sessionClean(5, now).rate);
      expect(limits.rate).toBe(400);
      // Slow start: 50 x 1.125^n passes 400 after 18 sessions; it stops growing there.
      expect(raised.filter(Boolean)).toHaveLength(18);
      expect(raised.slice(18).every((r) => !r)).toBe(true);
    });

    it('does not grow on a reused session or a handshake much slower than the fastest seen', () => {
      const limits = new MxLimits(settings, now);
      limits.sessionClean(5, now);
      const rate = limits.rate;
      expect(limits.sessionClean(null, now).rate).toBe(false);
      expect(limits.sessionClean(2 * 5 + 51, now).rate).toBe(false);
      expect(limits.rate).toBe(rate);
    });

    it('halves on trouble, never below one a second, and grows gently after it', () => {
      const limits = new MxLimits(settings, now);
      for (let i = 0; i < 10; i++) limits.sessionClean(5, now);
      const before = limits.rate;
      expect(limits.trouble(now, now).rate).toBe(true);
      expect(limits.rate).toBeCloseTo(before / 2);
      limits.sessionClean(5, now);
      expect(limits.rate).toBeCloseTo((before / 2) * 1.02);
      for (let i = 1; i <= 20; i++) limits.trouble(now + i, now + i);
      expect(limits.rate).toBe(1);
    });

    it('cuts once for the sessions that were already open when the push-back came', () => {
      const limits = new MxLimits(settings, now);
      // Ten sessions opened at `now` meet the same tarpit or 421 one after another.
      expect(limits.trouble(now, now + 10)).toEqual({ concurrency: true, rate: true });
      for (let i = 0; i < 9; i++)
        expect(limits.trouble(now, now + 11 + i)).toEqual({ concurrency: false, rate: false });
      expect(limits.rate).toBe(25);
      expect(limits.limit).toBe(2);
      // A session opened after the cut, under the lowered limits, is a new signal.
      expect(limits.trouble(now + 30, now + 40)).toEqual({ concurrency: true, rate: true });
      expect(limits.rate).toBe(12.5);
    });

    it("paces connections to the current rate once the second's worth of tokens is spent", () => {
      const limits = new MxLimits({ ...settings, connectsPerSecond: 4, connectsPerSecondCeiling: 4 }, now);
      const delays = Array.from({ length: 6 }, () => limits.connectDelay(now));
      expect(delays).toEqual([0, 0, 0, 0, 250, 500]);
      // An interactive caller takes its connection at once.
      expect(limits.connectDelay(now, false)).toBe(0);
    });

    it('paces at its share of the rate when other processes behind the address connect to the MX too', () => {
      const limits = new MxLimits({ ...settings, connectsPerSecond: 4, connectsPerSecondCeiling: 4 }, now);
      const delays = Array.from({ length: 4 }, () => limits.connectDelay(now, true, 2));
      expect(delays).toEqual([0, 0, 500, 1000]);
    });

    it('never moves when the ceiling is the starting rate', () => {
      const limits = new MxLimits({ ...settings, connectsPerSecondCeiling: 50 }, now);
      for (let i = 0; i < 10; i++) limits.sessionClean(5, now);
      expect(limits.rate).toBe(50);
    });
  });

  describe('concurrency', () => {
    it('grows by one per clean session until the first push-back, then by one per window of clean sessions', () => {
      const limits = new MxLimits(settings, now);
      expect(limits.limit).toBe(5);
      limits.sessionClean(5, now);
      limits.sessionClean(5, now);
      expect(limits.limit).toBe(7);
      limits.trouble(now, now);
      expect(limits.limit).toBe(3);
      limits.sessionClean(5, now);
      limits.sessionClean(5, now);
      expect(limits.limit).toBe(3);
      limits.sessionClean(5, now);
      expect(limits.limit).toBe(4);
    });

    it("takes a 421 at the banner with sessions open as the MX's cap, grows no further than it, and forgets it later", () => {
      const limits = new MxLimits(settings, now);
      expect(limits.learnConnectionCap(0, now)).toBe(false);
      expect(limits.learnConnectionCap(3, now)).toBe(true);
      expect(limits.ceiling(now)).toBe(3);
      expect(limits.limit).toBe(3);
      for (let i = 0; i < 20; i++) limits.sessionClean(5, now);
      expect(limits.limit).toBe(3);
      expect(limits.ceiling(now + settings.learnedMemoryMs)).toBe(10);
    });
  });
});
