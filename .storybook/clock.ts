// A deterministic clock for stories: `new Date()` and `Date.now()` start at a fixed
// instant when a story renders and then advance in real time, so relative times
// ("5 min ago") are the same on every run while timers and libraries still see time pass.
const RealDate = Date;

export function installClock(startMs: number): () => void {
  const offset = startMs - RealDate.now();
  class StoryDate extends RealDate {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(RealDate.now() + offset);
      else super(...(args as [string | number | Date]));
    }
    static override now() {
      return RealDate.now() + offset;
    }
  }
  globalThis.Date = StoryDate as DateConstructor;
  return () => {
    globalThis.Date = RealDate;
  };
}
