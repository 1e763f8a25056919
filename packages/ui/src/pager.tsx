import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
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
