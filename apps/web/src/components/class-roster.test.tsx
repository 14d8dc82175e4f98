import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { jsonResponse, renderWithProviders, stubServer } from '../test/render.tsx';
import { ClassRoster, ClassSetup, useClassChoices } from './class-roster.tsx';

afterEach(() => vi.unstubAllGlobals());

const child = (id: number, first_name: string, status: string | null) => ({ id, first_name, last_name: 'Ahmadi', status });

let navigate: ReturnType<typeof useNavigate>;

function ClassPage() {
  const { grade, set } = useClassChoices();
  navigate = useNavigate();
  const location = useLocation();
  return (
    <>
      <ClassSetup legend="The class" gradeLabel="Class" choose="Select..." grade={grade} onGrade={(value) => set('grade', value)} className="sm:grid-cols-3" />
      <ClassRoster grade={grade} chooseGrade="Choose a class." noChildren="No children in this class." loadError={(message) => `Could not load the class: ${message}`}>
        {(students) => (
          <ul aria-label="Grid">
            {students.map((s) => (
              <li key={s.id}>{s.first_name}</li>
            ))}
          </ul>
        )}
      </ClassRoster>
      <output data-testid="url">{location.search}</output>
    </>
  );
}

function renderAt(url: string, answer: (grade: string, page: number) => Response) {
  const fetchMock = stubServer(null, (path) => {
    if (!path.startsWith('/api/orphans?')) return undefined;
    const query = new URL(path, 'http://x').searchParams;
    return answer(query.get('class_grade') ?? '', Number(query.get('page')));
  });
  renderWithProviders(
    <MemoryRouter initialEntries={['/start', url]}>
      <ClassPage />
    </MemoryRouter>,
  );
  return fetchMock;
}

describe('the class pages: choices in the URL, the class loaded for the grid', { timeout: 15_000 }, () => {
  it('asks for a class first and keeps the chosen one in the URL, replacing the entry', async () => {
    const user = userEvent.setup({ delay: null });
    renderAt('/class?grade=13', () => jsonResponse({ data: [], current_page: 1, last_page: 1 }));
    expect(screen.getByText('Choose a class.')).toBeTruthy();
    expect((screen.getByLabelText('Class') as HTMLSelectElement).value).toBe('');

    await user.selectOptions(screen.getByLabelText('Class'), '4');
    expect(screen.getByTestId('url').textContent).toBe('?grade=4');
    expect(await screen.findByText('No children in this class.')).toBeTruthy();
    act(() => navigate(-1));
    expect(screen.queryByTestId('url')?.textContent).toBe('');
  });

  it("lists the class's active children from every page, leaving out inactive and graduated ones", async () => {
    const fetchMock = renderAt('/class?grade=4', (grade, page) =>
      jsonResponse(
        page === 1
          ? { data: [child(1, 'Amina', 'active'), child(2, 'Bilal', 'graduated')], current_page: 1, last_page: 2 }
          : { data: [child(3, 'Hamid', null), child(4, 'Zahra', 'inactive')], current_page: 2, last_page: 2 },
      ),
    );
    const grid = await screen.findByRole('list', { name: 'Grid' });
    expect(grid.textContent).toBe('AminaHamid');
    const asked = fetchMock.mock.calls.map(([input]) => String(input)).filter((u) => u.startsWith('/api/orphans?'));
    expect(asked).toHaveLength(2);
    expect(asked[0]).toContain('class_grade=4');
  });

  it('says a failed load with the server message', async () => {
    renderAt('/class?grade=4', () => jsonResponse({ message: 'Server Error' }, 500));
    // The query tries once more (spec section 9) before saying so.
    expect(await screen.findByText('Could not load the class: Server Error', undefined, { timeout: 5_000 })).toBeTruthy();
  });

  it('shows the grid once the other data it waits for has come too, whichever answers first', async () => {
    let answerChildren: (response: Response) => void = () => undefined;
    const children = new Promise<Response>((resolve) => (answerChildren = resolve));
    let answerStored: (records: string[]) => void = () => undefined;
    const stored = new Promise<string[]>((resolve) => (answerStored = resolve));
    stubServer(null, (path) => (path.startsWith('/api/orphans?') ? (children as unknown as Response) : undefined));
    renderWithProviders(
      <MemoryRouter initialEntries={['/class?grade=4']}>
        <ClassMonthPage stored={stored} />
      </MemoryRouter>,
    );
    // The month's records come first, the children after.
    act(() => answerStored(['Amina: 15 days']));
    await screen.findByText('Loading...');
    await act(async () => answerChildren(jsonResponse({ data: [child(1, 'Amina', 'active')], current_page: 1, last_page: 1 })));
    expect(await screen.findByText('1 children, Amina: 15 days')).toBeTruthy();
  });
});

function ClassMonthPage({ stored }: { stored: Promise<string[]> }) {
  const { grade } = useClassChoices();
  const records = useQuery({ queryKey: ['stored', grade], queryFn: () => stored, enabled: grade !== '' });
  return (
    <ClassRoster
      grade={grade}
      alsoWaitFor={{ ready: records.data !== undefined, error: records.error }}
      chooseGrade="Choose a class."
      noChildren="No children in this class."
      loadError={(message) => message}
    >
      {(students) => <p>{`${students.length} children, ${records.data?.join() ?? ''}`}</p>}
    </ClassRoster>
  );
}
