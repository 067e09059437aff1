import { describe, expect, it } from 'vitest';
import { languageFromAcceptLanguage } from './language.ts';

describe('languageFromAcceptLanguage', () => {
  it('reads the exact tags the web client sends', () => {
    expect(languageFromAcceptLanguage('zh-CN')).toBe('zh-CN');
    expect(languageFromAcceptLanguage('en')).toBe('en');
  });

  it('matches on the primary subtag and honours weights', () => {
    expect(languageFromAcceptLanguage('en-GB,en;q=0.9')).toBe('en');
    expect(languageFromAcceptLanguage('fr-FR,en;q=0.5,zh;q=0.8')).toBe('zh-CN');
    expect(languageFromAcceptLanguage('zh-TW')).toBe('zh-CN');
  });

  it('answers null for a header without any of ours, or refusing them', () => {
    expect(languageFromAcceptLanguage(undefined)).toBeNull();
    expect(languageFromAcceptLanguage('fr, de;q=0.5')).toBeNull();
    expect(languageFromAcceptLanguage('en;q=0')).toBeNull();
    expect(languageFromAcceptLanguage('*')).toBeNull();
  });
});
