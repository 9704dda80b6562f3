import { downloadName } from './save-file';

describe('downloadName', () => {
  it("takes the name a download's Content-Disposition gives", () => {
    expect(downloadName('attachment; filename="activity-2026-11-01-to-now.csv"', 'x.csv')).toBe(
      'activity-2026-11-01-to-now.csv',
    );
    expect(downloadName('attachment; filename=plain.csv', 'x.csv')).toBe('plain.csv');
    expect(downloadName(`attachment; filename="a.csv"; filename*=UTF-8''caf%C3%A9.csv`, 'x.csv')).toBe('café.csv');
  });

  it('keeps no folder, and falls back when no name is given', () => {
    expect(downloadName('attachment; filename="../../etc/passwd"', 'x.csv')).toBe('passwd');
    expect(downloadName('attachment', 'x.csv')).toBe('x.csv');
    expect(downloadName('attachment; filename=".."', 'x.csv')).toBe('x.csv');
    expect(downloadName(null, 'x.csv')).toBe('x.csv');
    expect(downloadName(undefined, 'x.csv')).toBe('x.csv');
  });
});
