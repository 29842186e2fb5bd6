// The page's Japanese font, "jantaku JP" (style.css; bundled in fonts/, cut by tools/gen_fonts.py): three faces,
// each fetched only for the characters of its unicode-range. The core face (the brand, the 日本語 button, kana
// and CJK punctuation) serves every page; the main face (the rest of the page's Japanese) the Japanese page.
//
// The page loads the faces its language needs before it draws in that language, not as the text asks for them:
// Chromium lays out text whose face is still loading with the fonts it has, and on a machine without a CJK font
// it can keep the boxes it drew there after the face has arrived.

/** a character of each face: the core face's 日, the main face's 対 (a kanji of the Japanese texts, not of the core) */
const SAMPLES = { en: "日", ja: "日対" };

/** Loads the faces of "jantaku JP" the page needs in `lang`; never fails (without them the system's fonts draw). */
export function loadFonts(lang) {
  return document.fonts.load('1em "jantaku JP"', SAMPLES[lang] || SAMPLES.en).catch(() => []);
}
