import { describe, expect, it } from 'vitest';
import { reportFileName } from './get-progress-report.ts';

describe('reportFileName', () => {
  it("takes the UTF-8 name (a child's name in Dari), then the plain one, then one made from the id", () => {
    const dari = `attachment; filename="progress-report-7-2026-11-24.pdf"; filename*=UTF-8''${encodeURIComponent('progress-report-مریم-احمدی-2026-11-24.pdf')}`;
    expect(reportFileName(dari, 7)).toBe('progress-report-مریم-احمدی-2026-11-24.pdf');
    expect(reportFileName('attachment; filename="progress-report-7-2026-11-24.pdf"', 7)).toBe('progress-report-7-2026-11-24.pdf');
    expect(reportFileName(null, 7)).toBe('progress-report-7.pdf');
  });

  it('never hands the browser a path, and survives a broken encoding', () => {
    expect(reportFileName(`attachment; filename*=UTF-8''..%2F..%2Fetc%2Fpasswd`, 3)).toBe('.._.._etc_passwd');
    expect(reportFileName(`attachment; filename="r.pdf"; filename*=UTF-8''%E0%A4%A`, 3)).toBe('r.pdf');
  });
});
