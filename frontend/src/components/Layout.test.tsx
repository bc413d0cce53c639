import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Layout } from './Layout';
import { renderWithProviders } from '@/test/utils';

describe('Layout', () => {
  it('opens the sidebar from the menu button and closes it on navigation, returning focus', async () => {
    const { currentLocation, container } = renderWithProviders(
      <Layout>
        <p>page</p>
      </Layout>,
    );
    const menuButton = screen.getByRole('button', { name: 'Open menu' });
    expect(menuButton.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(menuButton);
    const dialog = await screen.findByRole('dialog', { name: 'Menu' });
    await waitFor(() => expect(menuButton.getAttribute('aria-expanded')).toBe('true'));
    expect(container.querySelector('.sidebar-root')!.className).toContain('is-open');

    fireEvent.click(within(dialog).getByRole('link', { name: 'About Us' }));
    expect(currentLocation()).toBe('/about');
    await waitFor(() => expect(container.querySelector('.sidebar-root')!.className).not.toContain('is-open'));
    expect(document.activeElement).toBe(menuButton);
  });

  it('has a skip link to the main content', () => {
    renderWithProviders(
      <Layout>
        <p>page</p>
      </Layout>,
    );
    expect(screen.getByRole('link', { name: 'Skip to content' }).getAttribute('href')).toBe('#main');
    expect(screen.getByRole('main').id).toBe('main');
  });
});
