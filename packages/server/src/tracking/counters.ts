/** Counts per minute over the last hour (a ring of 60 slots), for the monitor's clicks-per-minute chart. */
export class MinuteCounter {
  private readonly counts = new Array<number>(60).fill(0);
  private readonly minutes = new Array<number>(60).fill(-1);

  add(now: number, amount = 1): void {
    const minute = Math.floor(now / 60_000);
    const slot = minute % 60;
    if (this.minutes[slot] !== minute) {
      this.minutes[slot] = minute;
      this.counts[slot] = 0;
    }
    this.counts[slot] = (this.counts[slot] ?? 0) + amount;
  }

  /** The last 60 minutes, oldest first, each with its start time. */
  lastHour(now: number): { minute: string; count: number }[] {
    const current = Math.floor(now / 60_000);
    const series: { minute: string; count: number }[] = [];
    for (let minute = current - 59; minute <= current; minute += 1) {
      const slot = minute % 60;
      series.push({
        minute: new Date(minute * 60_000).toISOString(),
        count: this.minutes[slot] === minute ? (this.counts[slot] ?? 0) : 0,
      });
    }
    return series;
  }
}
