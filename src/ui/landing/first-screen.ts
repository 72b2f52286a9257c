// The landing page's first screen is painted from HTML before any script of the app has run
// (docs/adr/0008-landing-first-screen.md): the build renders it per language
// (scripts/prerender-landing.tsx), the server puts it into the landing page, and a small inline
// script picks the language's copy. The app removes the copy when its own landing view mounts.

/** Where the inline script puts the chosen copy: a box right after the app's root, laid over it. */
export const FIRST_SCREEN_ID = 'first-screen';

/** The `<template>` holding a language's copy. */
export const firstScreenTemplateId = (language: string) => `first-screen-${language}`;

/**
 * The inline script. It resolves the language by the rule of `resolveLanguage`
 * (src/domain/accounts/language.ts: `lan`, then `lang` in the query, then the stored `lang`, then
 * the browser; tests/ui/landing/first-screen-script.test.ts checks that the two agree) and leaves
 * the page alone for a signed-in visitor, whose first screen has other buttons. Plain ES5: it is
 * not compiled.
 */
export const FIRST_SCREEN_SCRIPT = `(function(){try{
function p(v){if(!v)return null;v=String(v).trim().toLowerCase();
if(v==='zh'||v.indexOf('zh-')===0||v.indexOf('zh_')===0)return 'zh';
if(v==='en'||v.indexOf('en-')===0||v.indexOf('en_')===0)return 'en';return null}
var q=new URLSearchParams(location.search),s=null;
try{if(localStorage.getItem('userId')||localStorage.getItem('token'))return;s=localStorage.getItem('lang')}catch(e){}
var l=p(q.get('lan'))||p(q.get('lang'))||p(s)||(String(navigator.language||'').trim().toLowerCase().indexOf('zh')===0?'zh':'en');
var t=document.getElementById('${firstScreenTemplateId('')}'+l),h=document.getElementById('${FIRST_SCREEN_ID}');
if(t&&h)h.appendChild(t.content.cloneNode(true))}catch(e){}})()`;

/** Drops the painted copy once the app shows its own landing view (in the same frame, before paint). */
export function removeFirstScreen(doc: Document | undefined = typeof document === 'undefined' ? undefined : document): void {
  doc?.getElementById(FIRST_SCREEN_ID)?.remove();
}
