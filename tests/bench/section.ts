/** One part of `npm run bench`: prints its figures; throws only when it cannot measure. */
export interface BenchSection {
  readonly name: string;
  run(): Promise<void>;
}
