import { useId, useState } from 'react';
import type { Image, Product, Variant } from './types';

/**
 * What can be bought of a product: its variants (one per size × colour sold, or one default
 * variant), each with the units available now. Shared by the product page, Saved Items' chooser
 * and the product cards.
 */
export type OptionKind = 'size' | 'color';

/** One offered value of an option; a sold-out one is shown but cannot be chosen. */
export type OptionChoice = { value: string; soldOut: boolean };

/** The server's words for a missing choice (POST /api/bag answers the same). */
export const CHOOSE_SIZE = 'Please choose a size.';
export const CHOOSE_COLOUR = 'Please choose a colour.';
export const CHOOSE_BOTH = 'Please choose a size and a colour.';
export const SOLD_OUT = 'Sold out';

const other = (kind: OptionKind): OptionKind => (kind === 'size' ? 'color' : 'size');
const valuesOf = (product: Product, kind: OptionKind) => (kind === 'size' ? product.sizes : product.colors);

/** True when nothing of the product can be bought: every variant has 0 available. */
export function isSoldOut(product: Pick<Product, 'variants'>): boolean {
  return product.variants.every((v) => v.available <= 0);
}

/** "Only 2 left" for a variant with few left, else null. */
export function lowStockText(variant: Variant | undefined): string | null {
  return variant?.low && variant.available > 0 ? `Only ${variant.available} left` : null;
}

/** The variant of exactly this size and colour (null where the product has no such option). */
export function findVariant(product: Product, size: string | null, color: string | null): Variant | undefined {
  return product.variants.find((v) => v.size === size && v.color === color);
}

/**
 * The values of one option that exist as variants, in the product's order. A value is sold out
 * when every variant with it (and with the other option's chosen value, when that combination
 * exists) has nothing left.
 */
export function optionChoices(product: Product, kind: OptionKind, otherValue: string | null): OptionChoice[] {
  const otherKind = other(kind);
  return valuesOf(product, kind).flatMap((value) => {
    const withValue = product.variants.filter((v) => v[kind] === value);
    if (withValue.length === 0) return [];
    const combined = otherValue === null ? [] : withValue.filter((v) => v[otherKind] === otherValue);
    const relevant = combined.length > 0 ? combined : withValue;
    return [{ value, soldOut: relevant.every((v) => v.available <= 0) }];
  });
}

/** "Please choose a size." and the like for what is still missing, or null. */
export function missingChoiceMessage(missing: { size: boolean; color: boolean }): string | null {
  if (missing.size && missing.color) return CHOOSE_BOTH;
  if (missing.size) return CHOOSE_SIZE;
  if (missing.color) return CHOOSE_COLOUR;
  return null;
}

/** The pictures to show: the chosen colour's own, or the product's gallery when it has none. */
export function galleryFor(product: Product, color: string | null): { key: string; images: Image[] } {
  const own = color === null ? undefined : product.colorImages.find((c) => c.color === color);
  return own && own.images.length > 0
    ? { key: `color:${own.color}`, images: own.images }
    : { key: 'main', images: product.images };
}

/** The words of a name or a colour, lower-cased: "Steel & Navy" and "Navy/Steel" share theirs. */
function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/**
 * The colour a product's name says, as one of its colours: "Gingham Check Shirt in Navy" is
 * Navy, "Heritage Chronograph, Steel & Navy" is Navy/Steel. Read from the words after the name's
 * last " in " (else its last comma); the colour with the most words among them wins, and a tie
 * chooses nothing.
 */
export function colourInName(product: Pick<Product, 'name' | 'colors'>): string | null {
  const name = product.name;
  const at = name.toLowerCase().lastIndexOf(' in ');
  const tail = at >= 0 ? name.slice(at + 4) : name.includes(',') ? name.slice(name.lastIndexOf(',') + 1) : '';
  const said = new Set(wordsOf(tail));
  if (said.size === 0) return null;
  const matches = product.colors
    .map((color) => ({ color, words: wordsOf(color) }))
    .filter(({ words }) => words.length > 0 && words.every((w) => said.has(w)));
  const most = Math.max(0, ...matches.map((m) => m.words.length));
  const best = matches.filter((m) => m.words.length === most);
  return best.length === 1 ? best[0]!.color : null;
}

/** What a shopper arrives wanting: the size and colour a filtered list was showing. */
export type Preferred = { size?: string | null; color?: string | null };

/**
 * The value to start with for one option: the one preferred (any case) when it can be bought,
 * else the only one there is when it can be bought.
 */
function initialChoice(product: Product, kind: OptionKind, preferred: string | null | undefined): string | null {
  const all = optionChoices(product, kind, null);
  const open = all.filter((c) => !c.soldOut);
  const wanted = preferred?.toLowerCase();
  const match = wanted ? open.find((c) => c.value.toLowerCase() === wanted) : undefined;
  if (match) return match.value;
  return all.length === 1 && open.length === 1 ? open[0]!.value : null;
}

/** The size and colour to start with: as preferred (the colour the name says when none is), a pair that can be bought. */
function initialPair(product: Product, preferred: Preferred): { size: string | null; color: string | null } {
  const size = initialChoice(product, 'size', preferred.size);
  const color =
    initialChoice(product, 'color', preferred.color) ?? initialChoice(product, 'color', colourInName(product));
  if (size === null || color === null) return { size, color };
  const pair = findVariant(product, size, color);
  return pair && pair.available > 0 ? { size, color } : { size, color: null };
}

/**
 * The shopper's size and colour for one product. It starts with what `preferred` asks for (the
 * filters of the list the shopper came from), the colour the product's name says, and a lone
 * option that can be bought. Choosing a value that does not exist (or is sold out) with the other
 * option's current value clears that other value, so the pair chosen is always one that exists.
 * `ask()` marks the missing options for the inline "Please choose a size." messages, which go as
 * soon as a value is chosen.
 */
export function useVariantChoice(product: Product, preferred: Preferred = {}) {
  const [initial] = useState(() => initialPair(product, preferred));
  const [size, setSize] = useState(initial.size);
  const [color, setColor] = useState(initial.color);
  const [asked, setAsked] = useState(false);
  const sizeErrorId = useId();
  const colorErrorId = useId();

  const choose = (kind: OptionKind, value: string) => {
    const next = { size, color, [kind]: value };
    const pair = findVariant(product, next.size, next.color);
    const otherKind = other(kind);
    if (next[otherKind] !== null && (!pair || pair.available <= 0)) next[otherKind] = null;
    setSize(next.size);
    setColor(next.color);
  };

  const missing = { size: product.sizes.length > 0 && !size, color: product.colors.length > 0 && !color };
  const variant = missing.size || missing.color ? undefined : findVariant(product, size, color);
  const errors = {
    size: asked && missing.size ? { id: sizeErrorId, text: CHOOSE_SIZE } : null,
    color: asked && missing.color ? { id: colorErrorId, text: CHOOSE_COLOUR } : null,
  };
  return {
    size,
    color,
    sizeChoices: optionChoices(product, 'size', color),
    colorChoices: optionChoices(product, 'color', size),
    choose,
    missing,
    /** The variant chosen, once every option the product has is chosen. */
    variant,
    /** True once the shopper tried to go on without choosing. */
    asked,
    ask: () => setAsked(true),
    /** The inline messages now due beside each option, with the ids they are shown under. */
    errors,
    /** For the button that asked: the ids of the messages now shown. */
    describedBy: [errors.size?.id, errors.color?.id].filter(Boolean).join(' ') || undefined,
  };
}

export type VariantChoice = ReturnType<typeof useVariantChoice>;

/** "42, Black": a variant's size and colour, as the server's mails write them. */
export function describeVariant(variant: Pick<Variant, 'size' | 'color'>): string {
  return [variant.size, variant.color].filter(Boolean).join(', ');
}
