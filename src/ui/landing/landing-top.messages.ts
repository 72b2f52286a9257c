/** Messages of the landing page's top bar, first screen and mini-program dialog (spec 1 section 2), zh and en with the same keys: the texts of its first paint. */
export const landingTopMessages = {
  zh: {
    'landing.nav.label': '页面导航',
    'landing.nav.platform': '平台服务',
    'landing.nav.mes': 'MES',
    'landing.nav.hub': 'HUB',
    'landing.nav.cam': 'CAM 软件',
    'landing.nav.contact': '联系我们',
    'landing.nav.support': '技术支持',
    'landing.nav.official': '官方网站',
    'landing.nav.login': '登录',
    'landing.nav.enter': '进入控制台',
    'landing.nav.menu': '菜单',
    'landing.nav.miniProgram': '小程序',
    'landing.nav.external': '（在新窗口打开）',

    'landing.mini.title': '打开{brand}小程序',
    'landing.mini.body': '用微信扫一扫，在手机上查看设备、阅读报表、提交服务。',
    'landing.mini.step1': '打开微信，点击“扫一扫”',
    'landing.mini.step2': '对准下方二维码',
    'landing.mini.step3': '使用平台账号登录',
    'landing.mini.qrAlt': '{brand}小程序二维码',
    'landing.mini.close': '知道了',

    'landing.hero.eyebrow': '激光切割设备服务云平台',
    'landing.hero.title': '每一台设备、每一次切割，尽在{brand}服务平台',
    'landing.hero.subtitle': '实时查看板材与管材激光切割机的运行状态，阅读加工报表，规划保养，随时联系我们的工程师——无论在办公室还是车间。',
    'landing.hero.register': '免费注册',
    'landing.hero.visitor': '以访客身份浏览',
    'landing.hero.stat1': '远程监控',
    'landing.hero.stat1Value': '7×24',
    'landing.hero.stat2': '项切割参数采集',
    'landing.hero.stat2Value': '34',
    'landing.hero.stat3': '套料节省材料',
    'landing.hero.stat3Value': '15%',
    'landing.hero.art': '激光头在钢板上切割零件，数据实时上传到云端',









  },
  en: {
    'landing.nav.label': 'Page sections',
    'landing.nav.platform': 'Platform',
    'landing.nav.mes': 'MES',
    'landing.nav.hub': 'HUB',
    'landing.nav.cam': 'CAM software',
    'landing.nav.contact': 'Contact',
    'landing.nav.support': 'Technical support',
    'landing.nav.official': 'Official site',
    'landing.nav.login': 'Log in',
    'landing.nav.enter': 'Open my console',
    'landing.nav.menu': 'Menu',
    'landing.nav.miniProgram': 'Mini program',
    'landing.nav.external': '(opens in a new window)',

    'landing.mini.title': 'Open the {brand} mini program',
    'landing.mini.body': 'Scan the code with WeChat to check your machines, read reports and ask for service from your phone.',
    'landing.mini.step1': 'Open WeChat and tap Scan',
    'landing.mini.step2': 'Point the camera at the code below',
    'landing.mini.step3': 'Log in with your portal account',
    'landing.mini.qrAlt': 'QR code of the {brand} mini program',
    'landing.mini.close': 'Got it',

    'landing.hero.eyebrow': 'Service cloud for laser cutting machines',
    'landing.hero.title': 'Every machine, every cut, in one {brand} service portal',
    'landing.hero.subtitle': 'Watch your sheet and tube laser cutters live, read processing reports, plan maintenance and reach our engineers, from the office or the workshop floor.',
    'landing.hero.register': 'Create an account',
    'landing.hero.visitor': 'Browse as a visitor',
    'landing.hero.stat1': 'remote monitoring',
    'landing.hero.stat1Value': '24/7',
    'landing.hero.stat2': 'cutting parameters collected',
    'landing.hero.stat2Value': '34',
    'landing.hero.stat3': 'material saved by nesting',
    'landing.hero.stat3Value': '15%',
    'landing.hero.art': 'A laser head cutting a part from a steel sheet while its data streams to the cloud',









  },
};
