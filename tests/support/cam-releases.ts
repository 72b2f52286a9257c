import type { CamRelease } from '../../src/domain/cam/software-catalog';

/** A CAM release as the pages know it, of the given version. */
export const camRelease = (versionnumber: string, extra: Partial<CamRelease> = {}): CamRelease => ({
  id: 7,
  filename: 'nest.zip',
  type: '1',
  versionnumber,
  createtime: '2026-06-15 10:00:00',
  remark: '1. Faster\n2. Better',
  fileurl: '/files/cam/7',
  ...extra,
});
