import type { SparePartStore } from '../ports/spare-part-store.port';

/**
 * The spare-part catalogue of a fresh portal (Component/GetList): wear parts of laser cutting heads
 * and machines, each name, specification and size in Chinese and in English (the `En` fields).
 */
export const SPARE_PARTS = [
  { code: 'NZ-S15', name: '单层喷嘴', nameEn: 'Single-layer nozzle', specifications: 'Φ1.5 mm，镀铬紫铜', specificationsEn: 'Φ1.5 mm, chrome-plated copper', size: 'D28 × H15 mm', sizeEn: 'D28 × H15 mm' },
  { code: 'NZ-D20', name: '双层喷嘴', nameEn: 'Double-layer nozzle', specifications: 'Φ2.0 mm，镀铬紫铜', specificationsEn: 'Φ2.0 mm, chrome-plated copper', size: 'D28 × H15 mm', sizeEn: 'D28 × H15 mm' },
  { code: 'PL-D27', name: '保护镜片', nameEn: 'Protective lens', specifications: '熔融石英，1064 nm 增透膜', specificationsEn: 'Fused silica, AR coated 1064 nm', size: 'D27.9 × T4.1 mm', sizeEn: 'D27.9 × T4.1 mm' },
  { code: 'PL-D37', name: '下保护镜片', nameEn: 'Lower protective window', specifications: '熔融石英，1064 nm 增透膜', specificationsEn: 'Fused silica, AR coated 1064 nm', size: 'D37 × T7 mm', sizeEn: 'D37 × T7 mm' },
  { code: 'FL-D30', name: '聚焦镜片', nameEn: 'Focus lens', specifications: 'F200，熔融石英', specificationsEn: 'F200, fused silica', size: 'D30 mm', sizeEn: 'D30 mm' },
  { code: 'CL-D30', name: '准直镜片', nameEn: 'Collimating lens', specifications: 'F100，熔融石英', specificationsEn: 'F100, fused silica', size: 'D30 mm', sizeEn: 'D30 mm' },
  { code: 'CR-D32', name: '陶瓷环', nameEn: 'Ceramic ring', specifications: '喷嘴座，M14 螺纹', specificationsEn: 'Nozzle holder, M14 thread', size: 'D32 × H24.5 mm', sizeEn: 'D32 × H24.5 mm' },
  { code: 'CJ-T3', name: '卡盘卡爪', nameEn: 'Chuck jaw', specifications: '气动卡盘用，淬火钢，4 件一套', specificationsEn: 'Pneumatic chuck, hardened steel, set of 4', size: '160 mm 卡盘', sizeEn: '160 mm chuck' },
  { code: 'CS-R01', name: '电容传感器', nameEn: 'Capacitive height sensor', specifications: '切割头传感器板', specificationsEn: 'Cutting head sensor board', size: '—', sizeEn: '—' },
  { code: 'SL-R60', name: '密封圈', nameEn: 'Lens seal ring', specifications: '氟橡胶 O 形圈', specificationsEn: 'Viton O-ring', size: 'D30 × 2 mm', sizeEn: 'D30 × 2 mm' },
  { code: 'FB-QBH', name: '光纤接头保护镜', nameEn: 'QBH fiber connector window', specifications: '熔融石英', specificationsEn: 'Fused silica', size: 'D20 × T3 mm', sizeEn: 'D20 × T3 mm' },
  { code: 'SL-BLT', name: '机床防尘皮老虎', nameEn: 'Way bellows cover', specifications: '尼龙，耐高温', specificationsEn: 'Nylon, heat-resistant', size: 'X 轴，1.2 m', sizeEn: 'X axis, 1.2 m' },
  { code: 'GR-SLT', name: '切割台支撑齿条', nameEn: 'Support slat', specifications: 'Q235 钢', specificationsEn: 'Q235 steel', size: '1500 × 100 × 3 mm', sizeEn: '1500 × 100 × 3 mm' },
  { code: 'WC-NZ', name: '焊接喷嘴', nameEn: 'Welding nozzle', specifications: '手持焊接头用，紫铜', specificationsEn: 'Hand-held welding head, copper', size: 'M8', sizeEn: 'M8' },
] as const;

/** Adds the catalogue's missing parts and the English texts of parts stored without them (always, like the CAM catalogue); answers how many were added. */
export async function seedSpareParts(services: { spareParts: SparePartStore }): Promise<number> {
  return services.spareParts.ensureCatalogue(SPARE_PARTS.map((p, sort) => ({ ...p, sort })));
}
