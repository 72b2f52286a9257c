import type { Page } from 'playwright-core';

/** A visible text of one language on a page of the other: the text and where it sits. */
export interface LanguageLeak {
  text: string;
  where: string;
}

/**
 * Words that are the same in both languages: formats, protocols and the short technical names an
 * operator reads as they are (the zh texts of the spec write them in Latin letters too). Names of
 * people, machines and products, codes and user content are marked in the page instead
 * (`data-lang-neutral`), or carry their own `lang`.
 */
export const NEUTRAL_WORDS = ['PDF', 'CSV', 'PNG', 'CAM', 'ID', 'QR', 'URL', 'DXF', 'DWG', 'IGS', 'Wi-Fi', 'IP', 'CNC', 'PLC', 'OK', 'No.', 'MES', 'HUB', 'Hub'] as const;

/**
 * The visible texts, placeholders, accessible labels and role descriptions of a page that are in the other language:
 * on a zh page, a text with no Chinese at all that still has Latin words once numbers, codes,
 * units, addresses, file names, the brand's product names (`{brand}Gpt`, `{brand}Nest`...) and the
 * neutral words are set aside ("Subscribe error", "Chiller"; a Chinese sentence naming a product is
 * Chinese); on an en page, any Chinese character. Text inside `[data-lang-neutral]` (names, codes,
 * user content) or inside an element whose `lang` is the other language (the language switch) is
 * not read.
 */
export async function languageLeaks(page: Page, lang: 'zh' | 'en', brandName = 'Laser'): Promise<LanguageLeak[]> {
  return page.evaluate(
    ({ lang, neutral, brandName }) => {
      const UNITS = /\b(kW|W|mm|cm|m|km|h|min|ms|s|kg|g|KB|MB|GB|TB|Hz|kHz|rpm|bar|MPa|V|A|°C|px|m\/min|mm\/s|m²)\b/g;
      const CODE = /[\w.\-/:]*\d[\w.\-/:]*/g; // anything with a digit: order numbers, part codes (PL-D37), versions, dates
      const ADDRESS = /(\S+@\S+\.\S+|https?:\/\/\S+|www\.\S+)/g;
      const HAN = /\p{Script=Han}/u;
      const FILE = /[\w.-]+\.[A-Za-z0-9]{2,4}\b/g; // a file's name: manual-index.txt
      const BRAND = new RegExp(`\\b${brandName}[A-Za-z]*\\b`, 'g');
      const escaped = neutral.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
      const NEUTRAL = new RegExp(`(^|[^A-Za-z])(${escaped.join('|')})(?![A-Za-z])`, 'g');
      const otherLanguage = (el: Element) => {
        const marked = el.closest('[lang]');
        const tag = marked?.getAttribute('lang')?.toLowerCase() ?? '';
        return marked !== null && marked !== document.documentElement && !tag.startsWith(lang);
      };
      const skipped = (el: Element) => el.closest('[data-lang-neutral], script, style, noscript, svg, code, pre, canvas') !== null || otherLanguage(el);
      const leaking = (text: string) => {
        if (lang === 'en') return HAN.test(text);
        if (HAN.test(text)) return false;
        const rest = text.replace(ADDRESS, ' ').replace(FILE, ' ').replace(BRAND, ' ').replace(CODE, ' ').replace(UNITS, ' ').replace(NEUTRAL, '$1 ');
        return /[A-Za-z]{2,}/.test(rest);
      };
      const where = (el: Element) => {
        const testId = el.closest('[data-testid]')?.getAttribute('data-testid');
        return `${el.tagName.toLowerCase()}${testId ? ` in [data-testid=${testId}]` : ''}`;
      };
      const leaks: Array<{ text: string; where: string }> = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = (node.textContent ?? '').replace(/\s+/g, ' ').trim();
        const parent = node.parentElement;
        if (!text || !parent || skipped(parent)) continue;
        if (!parent.checkVisibility({ visibilityProperty: true, opacityProperty: false } as CheckVisibilityOptions)) continue;
        if (leaking(text)) leaks.push({ text: text.slice(0, 80), where: where(parent) });
      }
      for (const el of Array.from(document.body.querySelectorAll('[placeholder], [aria-label], [aria-roledescription], img[alt]'))) {
        if (skipped(el) || !el.checkVisibility()) continue;
        for (const attr of ['placeholder', 'aria-label', 'aria-roledescription', 'alt']) {
          const value = el.getAttribute(attr)?.trim();
          if (value && leaking(value)) leaks.push({ text: `${attr}=${value.slice(0, 80)}`, where: where(el) });
        }
      }
      const seen = new Set<string>();
      return leaks.filter((l) => !seen.has(l.text) && seen.add(l.text)).slice(0, 12);
    },
    { lang, neutral: [...NEUTRAL_WORDS], brandName },
  );
}
