import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { inertOutside } from './inertOutside.ts';
import { firstInvalidControl, focusFirstInvalid, focusHeading, useAfterRender } from './moveFocus.ts';

afterEach(() => {
  document.body.innerHTML = '';
});

function page(html: string): void {
  document.body.innerHTML = html;
}

describe('inertOutside', () => {
  it('makes everything around the target inert but live regions, and undoes it', () => {
    page(`
      <span data-radix-focus-guard tabindex="0"></span>
      <div id="root">
        <header id="header"><a href="#a">A</a></header>
        <main id="main"><button>B</button></main>
        <ol id="toasts" data-stays-live></ol>
        <div id="status" aria-live="polite"></div>
      </div>
      <div id="portal"><div id="overlay"></div><div id="popup"><button>Choose</button></div></div>
    `);
    const inert = () => [...document.querySelectorAll('[inert]')].map((element) => element.id);
    const undo = inertOutside(document.getElementById('popup') as HTMLElement);
    expect(inert()).toEqual(['header', 'main', 'overlay']);
    undo();
    undo();
    expect(inert()).toEqual([]);
  });

  it('keeps an element inert until the last of overlapping calls is undone, and leaves earlier inert alone', () => {
    page(`<div id="before" inert></div><div id="page"></div><div id="dialog"><div id="list"></div></div>`);
    const dialog = inertOutside(document.getElementById('dialog') as HTMLElement);
    const list = inertOutside(document.getElementById('list') as HTMLElement);
    dialog();
    expect(document.getElementById('page')?.hasAttribute('inert')).toBe(true);
    list();
    expect(document.getElementById('page')?.hasAttribute('inert')).toBe(false);
    expect(document.getElementById('before')?.hasAttribute('inert')).toBe(true);
  });
});

describe('moving focus', () => {
  it('finds the first invalid control in document order, inside a marked group too', () => {
    page(`
      <form>
        <input id="name" />
        <div aria-invalid="true" id="group"><span>label</span><button id="inside">Add</button></div>
        <input id="url" aria-invalid="true" />
      </form>`);
    expect(firstInvalidControl(document)?.id).toBe('inside');
  });

  it('takes a message about no one control as the target, focusable by script', () => {
    page(
      `<form><p data-problem id="problem">At least one path must be active</p><input aria-invalid="true" /></form>`,
    );
    expect(focusFirstInvalid(document.querySelector('form'))).toBe(true);
    expect(document.activeElement?.id).toBe('problem');
    expect(document.getElementById('problem')?.tabIndex).toBe(-1);
  });

  it('says so when there is nothing to focus', () => {
    page('<form><input /></form><p>No heading</p>');
    expect(focusFirstInvalid(document.querySelector('form'))).toBe(false);
    expect(focusHeading()).toBe(false);
    expect(document.activeElement).toBe(document.body);
  });

  it("focuses the main content's heading", () => {
    page('<h1 id="dialog-title">Dialog</h1><main><h1 id="page-title">Offers</h1></main>');
    expect(focusHeading()).toBe(true);
    expect(document.activeElement?.id).toBe('page-title');
  });

  it('runs a task after the render the same update causes', async () => {
    function Form() {
      const [error, setError] = useState<string>();
      const form = useRef<HTMLFormElement>(null);
      const afterRender = useAfterRender();
      return (
        <form
          ref={form}
          onSubmit={(event) => {
            event.preventDefault();
            setError('Name is required');
            // The field is not marked yet here; it is once React has rendered the error.
            afterRender(() => focusFirstInvalid(form.current));
          }}
        >
          <input aria-label="Name" aria-invalid={error ? true : undefined} />
          <button type="submit">Save</button>
        </form>
      );
    }
    render(<Form />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus());
  });
});
