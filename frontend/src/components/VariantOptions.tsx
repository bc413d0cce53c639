import type { ReactNode } from 'react';
import { ChoiceGroup } from './ChoiceGroup';
import type { VariantChoice } from '@/lib/variants';

/**
 * A product's Size and Colour choices (each only when the product has that option), drawn from
 * `useVariantChoice`: only values that exist as variants, sold-out ones disabled, and the inline
 * "Please choose a size." under a group the shopper skipped.
 */
export function VariantOptions({
  choice,
  name = 'product',
  sizeAction,
}: {
  choice: VariantChoice;
  name?: string;
  /** Beside the Size legend (the size guide's button). */
  sizeAction?: ReactNode;
}) {
  return (
    <>
      <ChoiceGroup
        legend="Size"
        name={`${name}-size`}
        option="size"
        options={choice.sizeChoices}
        value={choice.size}
        onChange={(value) => choice.choose('size', value)}
        error={choice.errors.size?.text}
        errorId={choice.errors.size?.id}
        action={sizeAction}
      />
      <ChoiceGroup
        legend="Colour"
        name={`${name}-colour`}
        option="color"
        options={choice.colorChoices}
        value={choice.color}
        onChange={(value) => choice.choose('color', value)}
        error={choice.errors.color?.text}
        errorId={choice.errors.color?.id}
      />
    </>
  );
}
