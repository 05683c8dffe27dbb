import { describe, expect, it } from 'vitest';
import { addressGender } from './addressGender.js';

describe('addressGender', () => {
  it('reads the gender a form of address speaks to', () => {
    expect(addressGender(['Yes, sir.'])).toBe('m');
    expect(addressGender(['Oh, papa! you will not go?'])).toBe('m');
    expect(addressGender(["If you please, ma'am, the cart is here."])).toBe('f');
    expect(addressGender(['Hold your tongue, Ma!'])).toBe('f');
    expect(addressGender(['Thank you, miss.'])).toBe('f');
  });

  it('reads no address in a word that is not one, nor in a name, nor where both genders are spoken to', () => {
    expect(addressGender(['My father is at home.'])).toBe('u');
    expect(addressGender(['Yes, Miss Quill, I will.'])).toBe('u');
    expect(addressGender(['I asked the sirloin.'])).toBe('u');
    expect(addressGender(['Come, sir.', 'And you, madam.'])).toBe('u');
    expect(addressGender(['Orla!'])).toBe('u');
  });
});
