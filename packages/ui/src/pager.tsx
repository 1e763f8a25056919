import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import usePagination from '@mui/material/usePagination';

export interface PagerProps {
  /** 1-based current page. */
  page: number;
  pageCount: number;
  onChange: (page: number) => void;
  label?: string;
}

/** Previous, numbered pages and Next. */
export function Pager({ page, pageCount, onChange, label = 'Pagination' }: PagerProps) {
  const { items } = usePagination({
    count: pageCount,
    page,
    siblingCount: 1,
    boundaryCount: 1,
    onChange: (_e, p) => onChange(p),
  });
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={label}>
      <Stack
        component="ul"
        direction="row"
        spacing={0.5}
        sx={{ listStyle: 'none', p: 0, m: 0, alignItems: 'center' }}
      >
        {items.map((item, i) => {
          if (item.type === 'start-ellipsis' || item.type === 'end-ellipsis') {
            return (
              <li key={`e${i}`} aria-hidden>
                …
              </li>
            );
          }
          if (item.type === 'previous' || item.type === 'next') {
            return (
              <li key={item.type}>
                <Button size="small" disabled={item.disabled} onClick={item.onClick}>
                  {item.type === 'previous' ? 'Previous' : 'Next'}
                </Button>
              </li>
            );
          }
          if (item.type !== 'page' || item.page === null) return null;
          return (
            <li key={`p${item.page}`}>
              <Button
                size="small"
                variant={item.selected ? 'contained' : 'text'}
                aria-current={item.selected ? 'page' : undefined}
                aria-label={`Page ${item.page}`}
                onClick={item.onClick}
                sx={{ minWidth: 36 }}
              >
                {item.page}
              </Button>
            </li>
          );
        })}
      </Stack>
    </nav>
  );
}

export interface PageOutOfRangeProps {
  /** The page asked for (past the end). */
  page: number;
  /** The list's last page when known (0: the list is empty); null while unknown. */
  lastPage: number | null;
  onChange: (page: number) => void;
}

/**
 * In place of an empty table when the address asks for a page past the end (`?page=99`): says
 * so and offers the way back, to the last page when it is known and to the first.
 */
export function PageOutOfRange({ page, lastPage, onChange }: PageOutOfRangeProps) {
  const last = lastPage !== null && lastPage > 1 ? lastPage : null;
  return (
    <Stack role="status" spacing={1.5} sx={{ py: 3, alignItems: 'flex-start' }}>
      <Typography>
        {lastPage !== null && lastPage > 0
          ? `There is no page ${page}: this list has ${lastPage} ${lastPage === 1 ? 'page' : 'pages'}.`
          : `There is no page ${page} in this list.`}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
        {last !== null ? (
          <Button variant="contained" onClick={() => onChange(last)}>
            Go to the last page
          </Button>
        ) : null}
        <Button variant={last !== null ? 'outlined' : 'contained'} onClick={() => onChange(1)}>
          Go to the first page
        </Button>
      </Stack>
    </Stack>
  );
}
