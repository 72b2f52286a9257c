import type { CamProduct, CamStore } from '../ports/cam-store.port';
import type { FileStorePort } from '../ports/file-store.port';
import type { WarrantyRuleRecord, WarrantyRuleStore } from '../ports/site-content-store.port';
import { storedZip } from './zip';

/** The CAM catalogue of DECISIONS 3: a type is data. Names go after the configured brand. */
export const CAM_PRODUCTS: readonly CamProduct[] = [
  { type: 1, name: 'Nest V2.0', kind: 'sheet', sort: 1 },
  { type: 3, name: 'Nest V1.5', kind: 'sheet', sort: 2 },
  { type: 4, name: 'Nest V1.0', kind: 'sheet', sort: 3 },
  { type: 2, name: 'Nest Tube V1.5', kind: 'tube', sort: 4 },
  { type: 0, name: 'Nest Tube V1.0', kind: 'tube', sort: 5 },
];

interface DemoRelease {
  type: number;
  version: string;
  filename: string;
  at: string;
  remark: string;
  remarkEn: string;
}

/** Two demo releases of types 0-3 and one of type 4, older than anything staff publish. */
export const DEMO_RELEASES: readonly DemoRelease[] = [
  {
    type: 0,
    version: 'V1.0.8',
    filename: 'NestTube-V1.0.8-Setup.zip',
    at: '2025-03-18T02:00:00Z',
    remark: '1. 新增方管、矩形管的共边切割\n2. 优化圆管相贯线展开精度\n3. 修复长管材排样时预览卡顿的问题',
    remarkEn: '1. Common-edge cutting for square and rectangular tubes\n2. More accurate unfolding of round-tube intersections\n3. Fixed a slow preview when nesting long tubes',
  },
  {
    type: 0,
    version: 'V1.0.9',
    filename: 'NestTube-V1.0.9-Setup.zip',
    at: '2025-09-02T02:00:00Z',
    remark: '1. 支持导入 IGS/STP 格式的管材模型\n2. 新增尾料优化，余料长度最多减少 30%\n3. 修复部分英文系统下中文零件名乱码的问题',
    remarkEn: '1. Imports tube models in IGS/STP format\n2. Tail-material optimisation: up to 30% shorter remnants\n3. Fixed garbled Chinese part names on English systems',
  },
  {
    type: 1,
    version: 'V2.0.2',
    filename: 'Nest-V2.0.2-Setup.zip',
    at: '2025-11-10T02:00:00Z',
    remark: '1. 全新排样引擎，板材利用率平均提升 15%\n2. 新增微连、桥接与飞行切割路径\n3. 支持 DXF/DWG 批量导入',
    remarkEn: '1. New nesting engine: 15% better sheet utilisation on average\n2. Micro-joints, bridges and fly-cutting paths\n3. Batch import of DXF/DWG files',
  },
  {
    type: 1,
    version: 'V2.0.3',
    filename: 'Nest-V2.0.3-Setup.zip',
    at: '2026-06-15T02:00:00Z',
    remark: '1. 切割路径优化，空行程平均缩短 25%\n2. 新增余料库管理，可直接在余料上排样\n3. 生成加工报告并可推送到云端\n4. 修复大图纸缩放时的显示问题',
    remarkEn: '1. Optimised cutting paths: 25% less idle travel on average\n2. Remnant library: nest directly on stored remnants\n3. Processing reports, pushed to the cloud\n4. Fixed drawing glitches when zooming large sheets',
  },
  {
    type: 2,
    version: 'V1.5.1',
    filename: 'NestTube-V1.5.1-Setup.zip',
    at: '2025-12-01T02:00:00Z',
    remark: '1. 新增槽钢、角钢、H 型钢等异形管排样\n2. 支持坡口切割工艺参数\n3. 三维预览支持剖切查看',
    remarkEn: '1. Nesting of channels, angles, H-beams and other profiles\n2. Bevel cutting parameters\n3. Section view in the 3D preview',
  },
  {
    type: 2,
    version: 'V1.5.2',
    filename: 'NestTube-V1.5.2-Setup.zip',
    at: '2026-05-20T02:00:00Z',
    remark: '1. 零件自动识别与去重，大批量订单编程更快\n2. 新增卡盘避让检查\n3. 修复椭圆管展开后尺寸偏差的问题',
    remarkEn: '1. Automatic part recognition and de-duplication for large orders\n2. Chuck collision check\n3. Fixed a size error when unfolding oval tubes',
  },
  {
    type: 3,
    version: 'V1.5.6',
    filename: 'Nest-V1.5.6-Setup.zip',
    at: '2025-04-08T02:00:00Z',
    remark: '1. 新增共边切割与自动引线\n2. 优化小孔切割工艺\n3. 修复导出 NC 代码时偶发的崩溃',
    remarkEn: '1. Common-edge cutting and automatic lead-ins\n2. Better small-hole cutting\n3. Fixed an occasional crash when exporting NC code',
  },
  {
    type: 3,
    version: 'V1.5.7',
    filename: 'Nest-V1.5.7-Setup.zip',
    at: '2025-10-22T02:00:00Z',
    remark: '1. 排样速度提升约 40%\n2. 新增板材余料自动标记\n3. 支持 Windows 11 高分辨率屏幕',
    remarkEn: '1. About 40% faster nesting\n2. Automatic marking of sheet remnants\n3. Support for high-resolution screens on Windows 11',
  },
  {
    type: 4,
    version: 'V1.0.12',
    filename: 'Nest-V1.0.12-Setup.zip',
    at: '2024-08-30T02:00:00Z',
    remark: '1. 最终维护版本，修复已知问题\n2. 新用户建议使用 Nest V2.0',
    remarkEn: '1. Final maintenance release with fixes for known issues\n2. New users should install Nest V2.0',
  },
];

/** The bytes of a demo package: a real zip holding a text file that says what it is. */
export function demoPackage(r: DemoRelease, productName: string): Buffer {
  const lines = [
    `${productName} ${r.version} - demo package`,
    '',
    'This archive was made by the service portal\'s demo seed. It stands in for the installer of',
    `${productName} ${r.version} so that the download pages, the download records and the`,
    'staff tools can be tried on a fresh installation. It installs nothing.',
    '',
    '本压缩包由服务门户的演示数据生成，仅用于演示下载流程，不包含真实安装程序。',
    '',
    'Release notes / 更新说明:',
    r.remarkEn,
    r.remark,
    '',
    'Manifest of a real package:',
    ...Array.from({ length: 40 }, (_, i) => `  ${String(i + 1).padStart(2, '0')}  placeholder-${r.version}-component-${i + 1}.dll`),
    '',
  ];
  return storedZip([{ name: 'README.txt', text: lines.join('\r\n') }], new Date(r.at));
}

/** Warranty policies for the two machine types of spec 2 (0 laser cutting, 1 hand-held welding). */
export const WARRANTY_RULES: ReadonlyArray<Omit<WarrantyRuleRecord, 'id'>> = [
  {
    machineType: '0',
    sort: 0,
    title: '激光切割机质保政策',
    titleEn: 'Laser cutting machine warranty policy',
    warrantyScope: [
      '1. 质保期自设备安装调试完成并验收合格之日起计算，以双方签字的验收单为准：机床床身、横梁等主体结构件质保五年；数控系统、切割头、伺服电机与驱动器、电气元件等质保一年；激光器按激光器厂家标准质保（通常为两年）。具体期限以购机合同约定为准。',
      '2. 质保期内，设备在正常使用并按说明书保养的前提下，因材料或制造缺陷造成的故障，免费维修或更换零部件，并免费提供上门服务。',
      '3. 质保期内免费提供远程诊断、数控系统与排样软件升级、操作与工艺指导。',
      '4. 更换下来的故障件归厂家所有；更换件的质保期随整机剩余质保期计算，不重新起算。',
    ].join('\n'),
    warrantyScopeEn: [
      '1. The warranty starts on the day the machine is installed, commissioned and accepted, as shown by the signed acceptance form: five years for the bed, gantry and other main structural parts; one year for the CNC system, cutting head, servo motors and drives and electrical parts; the laser source as its maker warrants it (usually two years). Your purchase contract sets the exact terms.',
      '2. During the warranty, parts that fail through a defect of material or manufacture, on a machine used normally and maintained as the manual says, are repaired or replaced free of charge, on site and at no cost for the visit.',
      '3. Remote diagnosis, CNC and nesting software updates, and operating and process advice are free during the warranty.',
      '4. Replaced parts become the property of the manufacturer; a replacement part is covered for the rest of the machine\'s warranty, which does not start again.',
    ].join('\n'),
    notWarrantyScope: [
      '1. 易损件与耗材：喷嘴、保护镜片、陶瓷体、聚焦镜片、密封圈、过滤器滤芯、冷却液、润滑油脂等。',
      '2. 未按说明书操作、超负荷加工、缺少日常保养造成的损坏，例如冷水机未使用纯净水或蒸馏水、未定期清理除尘与排烟系统。',
      '3. 供电电压异常、接地不良、气源不洁（含油、含水）、环境温度或湿度超出要求造成的损坏，以及冬季未采取防冻措施造成的冻裂。',
      '4. 未经厂家授权的拆装、改装、维修，或使用非原厂配件与软件造成的故障。',
      '5. 运输、搬运、非厂家负责的移机、碰撞，以及火灾、水浸、雷击等意外或不可抗力造成的损坏。',
      '6. 铭牌或序列号被涂改、无法识别的设备。',
    ].join('\n'),
    notWarrantyScopeEn: [
      '1. Wear parts and consumables: nozzles, protective windows, ceramic rings, focusing lenses, seals, filter cartridges, coolant, lubricants.',
      '2. Damage from operation against the manual, overloading, or missing routine care, for example a chiller filled with anything but pure or distilled water, or dust and fume extraction never cleaned.',
      '3. Damage from abnormal supply voltage, poor earthing, dirty gas (oil or water in the air or gas supply), temperature or humidity outside the stated range, and frost damage when the machine was not protected in winter.',
      '4. Faults caused by dismantling, modification or repair by anyone the manufacturer has not authorised, or by non-original parts or software.',
      '5. Damage in transport, handling, relocation not done by the manufacturer, collisions, and accidents or force majeure such as fire, flooding or lightning.',
      '6. Machines whose nameplate or serial number has been altered or cannot be read.',
    ].join('\n'),
    serviceProcess: [
      '1. 报修：拨打服务热线，或在门户“一键报修”、小程序中提交，请提供订单号、故障现象、报警代码以及照片或视频。',
      '2. 响应：客服 30 分钟内响应，技术工程师先行远程诊断，能远程解决的当场解决。',
      '3. 派单：需要上门的，由就近服务网点派出工程师，并与您预约上门时间。',
      '4. 维修：工程师到场检修；属于质保范围的，免费维修或更换零部件；不属于质保范围的，先报价，经您确认后再维修。',
      '5. 验收：维修完成后试机确认，双方签署服务单。',
      '6. 回访：服务结束后进行满意度回访，您的评价用于改进我们的服务。',
    ].join('\n'),
    serviceProcessEn: [
      '1. Report: call the service hotline, or use One-click repair in the portal or the mini program. Please give the order number, what happens, any alarm codes, and photos or a video.',
      '2. Response: customer service answers within 30 minutes and an engineer first diagnoses remotely; what can be fixed remotely is fixed at once.',
      '3. Dispatch: when a visit is needed, the nearest service point sends an engineer and agrees the time with you.',
      '4. Repair: the engineer repairs the machine on site. Covered faults are repaired and parts replaced free of charge; for anything not covered you receive a quotation first and the work starts only when you accept it.',
      '5. Acceptance: the machine is test-run after the repair and both sides sign the service report.',
      '6. Follow-up: we ask how satisfied you are after every service and use your rating to improve.',
    ].join('\n'),
  },
  {
    machineType: '1',
    sort: 0,
    title: '手持激光焊接机质保政策',
    titleEn: 'Hand-held laser welding machine warranty policy',
    warrantyScope: [
      '1. 质保期自设备签收之日起计算：整机（含控制系统、冷水机、送丝机）质保一年；激光器按激光器厂家标准质保（通常为两年）。具体期限以购机合同约定为准。',
      '2. 质保期内，设备在正常使用并按说明书保养的前提下，因材料或制造缺陷造成的故障，免费维修或更换零部件。',
      '3. 可选择寄修或上门服务：寄修的往返运费在质保期内由厂家承担；上门服务按服务网点覆盖范围安排。',
      '4. 质保期内免费提供远程诊断、焊接工艺参数指导与控制软件升级。',
    ].join('\n'),
    warrantyScopeEn: [
      '1. The warranty starts on the day the machine is delivered: one year for the machine (control system, chiller and wire feeder included); the laser source as its maker warrants it (usually two years). Your purchase contract sets the exact terms.',
      '2. During the warranty, parts that fail through a defect of material or manufacture, on a machine used normally and maintained as the manual says, are repaired or replaced free of charge.',
      '3. Send the machine in or ask for a visit: during the warranty the manufacturer pays the carriage both ways for a send-in repair; visits are arranged within the reach of the service points.',
      '4. Remote diagnosis, welding parameter advice and control software updates are free during the warranty.',
    ].join('\n'),
    notWarrantyScope: [
      '1. 易损件与耗材：铜嘴、保护镜片、焊枪喷嘴、导丝管、送丝轮、密封圈、冷却液等。',
      '2. 焊枪跌落、撞击，或光纤弯折半径过小、受压、拉扯造成的损坏。',
      '3. 保护气体不纯或流量不足、镜片未及时更换导致的焊枪内部污染与烧损。',
      '4. 供电电压异常、接地不良、环境温度或湿度超出要求、冬季未防冻造成的损坏。',
      '5. 未经厂家授权的拆装、改装、维修，或使用非原厂配件造成的故障。',
      '6. 运输、搬运中的损坏，以及火灾、水浸、雷击等意外或不可抗力造成的损坏。',
    ].join('\n'),
    notWarrantyScopeEn: [
      '1. Wear parts and consumables: copper nozzles, protective windows, torch tips, wire guide tubes, feed rollers, seals, coolant.',
      '2. Damage from dropping or knocking the torch, or from bending the fibre tighter than its minimum radius, crushing or pulling it.',
      '3. Contamination and burning inside the torch from impure or too little shielding gas, or protective windows not replaced in time.',
      '4. Damage from abnormal supply voltage, poor earthing, temperature or humidity outside the stated range, or frost in winter.',
      '5. Faults caused by dismantling, modification or repair by anyone the manufacturer has not authorised, or by non-original parts.',
      '6. Damage in transport or handling, and accidents or force majeure such as fire, flooding or lightning.',
    ].join('\n'),
    serviceProcess: [
      '1. 报修：拨打服务热线，或在门户“一键报修”、小程序中提交，请提供订单号、故障现象以及照片或视频。',
      '2. 诊断：客服 30 分钟内响应，技术工程师远程诊断，易损件问题指导您自行更换。',
      '3. 方案：需要维修的，由您选择寄修或上门，我们确认收件地址或预约上门时间。',
      '4. 维修：属于质保范围的，免费维修或更换；不属于质保范围的，先报价，经您确认后再维修。',
      '5. 返还与验收：维修完成后出光测试并寄回或现场试焊，双方确认设备恢复正常。',
      '6. 回访：服务结束后进行满意度回访。',
    ].join('\n'),
    serviceProcessEn: [
      '1. Report: call the service hotline, or use One-click repair in the portal or the mini program. Please give the order number, what happens, and photos or a video.',
      '2. Diagnosis: customer service answers within 30 minutes and an engineer diagnoses remotely; for wear parts we guide you through replacing them yourself.',
      '3. Plan: when a repair is needed, you choose to send the machine in or to have a visit, and we confirm the address or book the visit.',
      '4. Repair: covered faults are repaired or parts replaced free of charge; for anything not covered you receive a quotation first and the work starts only when you accept it.',
      '5. Return and acceptance: the laser is tested after the repair and the machine is sent back, or test welds are made on site, until both sides agree it works normally.',
      '6. Follow-up: we ask how satisfied you are after every service.',
    ].join('\n'),
  },
];

/**
 * Seeds the CAM products and the warranty rules (always: the portal needs them), and the demo
 * releases with their files when `demoReleases` is set. Safe to run again: nothing is doubled.
 */
export async function seedCamCatalogue(
  deps: { camStore: CamStore; files: FileStorePort; warrantyRules: WarrantyRuleStore },
  options: { demoReleases: boolean } = { demoReleases: true },
): Promise<{ releases: number; rules: number }> {
  const { camStore, files, warrantyRules } = deps;
  for (const p of CAM_PRODUCTS) await camStore.putProduct(p);
  let releases = 0;
  for (const r of options.demoReleases ? DEMO_RELEASES : []) {
    const productName = CAM_PRODUCTS.find((p) => p.type === r.type)!.name;
    const existing = await camStore.findRelease(r.type, r.version);
    if (existing) {
      // A database kept with a new data folder (DATABASE_URL): put the demo file back.
      const file = await files.open(existing.fileId);
      if (file) file.stream.destroy();
      else if (existing.publishedBy === null && existing.filename === r.filename) {
        const stored = await files.put(demoPackage(r, productName), { filename: r.filename, contentType: 'application/zip' });
        await camStore.setReleaseFile(existing.id, { fileId: stored.id, size: stored.size, sha256: stored.sha256 });
      }
      continue;
    }
    const stored = await files.put(demoPackage(r, productName), { filename: r.filename, contentType: 'application/zip' });
    const added = await camStore.addRelease({
      type: r.type,
      versionNumber: r.version,
      remark: r.remark,
      remarkEn: r.remarkEn,
      filename: r.filename,
      fileId: stored.id,
      size: stored.size,
      sha256: stored.sha256,
      createTime: new Date(r.at),
      publishedBy: null,
    });
    if (added) releases++;
    else await files.remove(stored.id); // another server seeded it at the same moment
  }
  let rules = 0;
  for (const rule of WARRANTY_RULES) {
    if ((await warrantyRules.list({ machineType: rule.machineType })).length) continue;
    await warrantyRules.add(rule);
    rules++;
  }
  return { releases, rules };
}
