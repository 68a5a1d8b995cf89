export interface TablePair {
  module: string;
  schemaFile: string;
  write: boolean;
}
export function tablePairs(): TablePair[];
export function crossingPairs(all: TablePair[]): TablePair[];
export function writeMarks(): { unmarked: string[]; stale: string[] };
