import { LOCALES } from '../i18n/intl';
import { DEFAULT_BRAND } from './brand';
import { TITLE_BRAND } from './portal-title';
import { BELOW_ATTRIBUTE, DISMISS_ATTRIBUTE, FIRST_SCREEN_ID, FIRST_SCREEN_PRESSED_ATTRIBUTE, FIRST_SCREEN_SUBMITTED_ATTRIBUTE, firstScreenTemplateId, LOCAL_TIME_ATTRIBUTE, LOCAL_TIME_FORMAT } from './first-screen-markup';

// The inline script of a page with a first screen from the build (first-screen.ts). It runs before
// the app and cannot import the language rule, so it carries its own copy of it;
// tests/ui/common/first-screen-script.test.ts holds the two together. Plain ES5: it is not compiled.

export interface FirstScreenScriptOptions {
  /**
   * Paint nothing for a signed-in visitor (a `userId` or `token` stored, the route guard's rule):
   * the landing page shows them other buttons, the login page sends them away.
   */
  skipSignedIn?: boolean;
  /** Paint only for a signed-in visitor: a page painted with the caller's data, which the route guard would send elsewhere otherwise (ADR 0026). */
  onlySignedIn?: boolean;
  /**
   * Paint only while the value stored under `key` is absent or one of `values`: a choice the page
   * keeps in the browser that the server, which painted the copy, could not see (the fleet's chip).
   */
  storedChoice?: { key: string; values: readonly string[] };
  /**
   * Write each `<time data-local-time>` of the copy in the browser's zone before it paints: the
   * server that painted the copy does not know it (report-format.ts, formatWhen, writes the same).
   */
  localTimes?: boolean;
  /**
   * The page's document title in each language, TITLE_BRAND standing for the brand's name
   * (`titleTemplates`): set with the language, so the tab does not say the index page's
   * title until the app has run.
   */
  title?: Readonly<Record<'zh' | 'en', string>>;
}


/**
 * The script. It resolves the language by the rule of `resolveLanguage`
 * (src/domain/accounts/language.ts: `lan`, then `lang` in the query, then the stored `lang`, then
 * the browser), clones that language's copy into the box and sets the page's `lang` to it, and
 * its title when given; a language the link named is stored, as the app stores it. Then:
 * a form of the copy is never sent by the browser (its fields would go into the address): the box
 * is marked and the app sends it once it runs (first-screen.ts, firstScreenForm); a button pressed
 * before the app ran is named on the box, and the app presses its own (the app starts at the
 * first sign of intent, ADR 0025, so that press is not lost); a dismissible
 * part is dropped when the window is too wide for it or the visitor dismissed it before, and its
 * buttons dismiss it (remembered as the app's own dialog remembers it).
 */
export function firstScreenScript({ skipSignedIn, onlySignedIn, storedChoice, localTimes, title }: FirstScreenScriptOptions): string {
  const signedIn = "(localStorage.getItem('userId')||localStorage.getItem('token'))";
  const choice = storedChoice
    ? `var c=localStorage.getItem(${JSON.stringify(storedChoice.key)});if(c!==null&&${JSON.stringify(storedChoice.values)}.indexOf(c)<0)return;`
    : '';
  return `(function(){try{
function p(v){if(!v)return null;v=String(v).trim().toLowerCase();
if(v==='zh'||v.indexOf('zh-')===0||v.indexOf('zh_')===0)return 'zh';
if(v==='en'||v.indexOf('en-')===0||v.indexOf('en_')===0)return 'en';return null}
var d=document,q=new URLSearchParams(location.search),s=null;
try{${skipSignedIn ? `if(${signedIn})return;` : ''}${onlySignedIn ? `if(!${signedIn})return;` : ''}${choice}s=localStorage.getItem('lang')}catch(e){${onlySignedIn || storedChoice ? 'return' : ''}}
var l=p(q.get('lan'))||p(q.get('lang'))||p(s)||(String(navigator.language||'').trim().toLowerCase().indexOf('zh')===0?'zh':'en');
if(p(q.get('lan'))||p(q.get('lang'))){try{localStorage.setItem('lang',l)}catch(e){}}${
    title
      ? `var w=window.__BRAND__;d.title=${JSON.stringify(title)}[l].split(${JSON.stringify(TITLE_BRAND)}).join(w&&w.name||${JSON.stringify(DEFAULT_BRAND.name)});`
      : ''
  }
var t=d.getElementById('${firstScreenTemplateId('')}'+l),h=d.getElementById('${FIRST_SCREEN_ID}');
if(!t||!h)return;
var f=t.content.cloneNode(true);${
    localTimes
      ? `var m=f.querySelectorAll('time[${LOCAL_TIME_ATTRIBUTE}]');if(m.length){var z=new Intl.DateTimeFormat(${JSON.stringify(LOCALES)}[l],${JSON.stringify(LOCAL_TIME_FORMAT)});` +
        `for(var n=0;n<m.length;n++){var v=Date.parse(m[n].getAttribute('datetime'));if(!isNaN(v))m[n].textContent=z.format(v)}}`
      : ''
  }
h.appendChild(f);
d.documentElement.lang=${JSON.stringify(LOCALES)}[l];
h.addEventListener('submit',function(e){e.preventDefault();h.setAttribute('${FIRST_SCREEN_SUBMITTED_ATTRIBUTE}','')});
h.addEventListener('click',function(e){var b=e.target&&e.target.closest&&e.target.closest('button');
if(!b||b.type==='submit'&&b.form||b.closest('[${DISMISS_ATTRIBUTE}]'))return;
h.setAttribute('${FIRST_SCREEN_PRESSED_ATTRIBUTE}',b.getAttribute('aria-label')||b.textContent.trim())});
var o=h.querySelectorAll('[${DISMISS_ATTRIBUTE}]');
for(var i=0;i<o.length;i++)(function(x){var k=x.getAttribute('${DISMISS_ATTRIBUTE}'),g=innerWidth>=Number(x.getAttribute('${BELOW_ATTRIBUTE}'));
function drop(){if(x.parentNode)x.parentNode.removeChild(x)}
try{g=g||sessionStorage.getItem(k)==='1'}catch(e){}
if(g)return drop();
var b=x.querySelectorAll('button');for(var j=0;j<b.length;j++)b[j].addEventListener('click',function(){try{sessionStorage.setItem(k,'1')}catch(e){}drop()})})(o[i])
}catch(e){}})()`;
}
