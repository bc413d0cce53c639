import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProductSlider } from './ProductSlider';
import { image } from '@/test/fixtures';
import { renderWithProviders } from '@/test/utils';

const images = [image('a'), image('b'), image('c')];

function activeAlt(): string | null {
  const active = screen.getAllByTestId('product-slide').find((s) => s.getAttribute('aria-hidden') === 'false');
  return active?.querySelector('img')?.getAttribute('alt') ?? null;
}

describe('ProductSlider', () => {
  it('moves with previous and next, wrapping at both ends', () => {
    renderWithProviders(<ProductSlider images={images} name="Oxford Brogue" />);
    expect(activeAlt()).toBe('Oxford Brogue, image 1 of 3');

    fireEvent.click(screen.getByRole('button', { name: 'Previous image' }));
    expect(activeAlt()).toBe('Oxford Brogue, image 3 of 3');
    fireEvent.click(screen.getByRole('button', { name: 'Next image' }));
    expect(activeAlt()).toBe('Oxford Brogue, image 1 of 3');
    fireEvent.click(screen.getByRole('button', { name: 'Next image' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next image' }));
    expect(activeAlt()).toBe('Oxford Brogue, image 3 of 3');
    fireEvent.click(screen.getByRole('button', { name: 'Next image' }));
    expect(activeAlt()).toBe('Oxford Brogue, image 1 of 3');
  });

  it('jumps with thumbnails and the arrow keys', () => {
    renderWithProviders(<ProductSlider images={images} name="Oxford Brogue" />);
    fireEvent.click(screen.getByRole('button', { name: 'Show image 2' }));
    expect(activeAlt()).toBe('Oxford Brogue, image 2 of 3');
    const stage = screen.getByRole('group', { name: /Use the arrow keys/ });
    fireEvent.keyDown(stage, { key: 'ArrowRight' });
    expect(activeAlt()).toBe('Oxford Brogue, image 3 of 3');
    fireEvent.keyDown(stage, { key: 'ArrowRight' });
    expect(activeAlt()).toBe('Oxford Brogue, image 1 of 3');
    fireEvent.keyDown(stage, { key: 'ArrowLeft' });
    expect(activeAlt()).toBe('Oxford Brogue, image 3 of 3');
  });

  it('has no arrows for a single picture, and prioritises the first picture', () => {
    const { container } = renderWithProviders(<ProductSlider images={[image('solo')]} name="Tie" />);
    expect(screen.queryByRole('button', { name: 'Next image' })).toBeNull();
    const img = container.querySelector('img')!;
    expect(img.getAttribute('alt')).toBe('Tie');
    expect(img.getAttribute('fetchpriority')).toBe('high');
    expect(img.getAttribute('loading')).toBe('eager');
  });
});
