export function testFiles(folders: string[]): string[];
export function markedCalendar(text: string): boolean;
export function calendarFiles(folders: string[]): string[];
