// Keeps the machine list and its URL in step both ways: the list's filters, sort and page are
// written as plain parameters (src/domain/machineListUrl.ts), and a URL reached by a link or the
// browser's back button sets them.
import { useEffect } from 'react';
import { useListContext } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { readMachineListUrl, writeMachineListUrl } from '../../../domain/machineListUrl.ts';

const same = (a: object, b: object) =>
  JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());

export function ListUrlSync() {
  const { filterValues, setFilters, sort, setSort, page, setPage } = useListContext();
  const [params, setParams] = useSearchParams();

  useEffect(() => {
    const next = writeMachineListUrl({ filterValues, sort, page });
    const current = new URLSearchParams(params);
    current.sort();
    if (next.toString() !== current.toString()) setParams(next, { replace: true });
    // Only the list's state drives this direction.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [filterValues, sort, page]);

  useEffect(() => {
    const wanted = readMachineListUrl(params);
    if (!same(wanted.filterValues, filterValues)) setFilters(wanted.filterValues, undefined, false);
    if (wanted.sort.field !== sort.field || wanted.sort.order !== sort.order) setSort(wanted.sort);
    if (wanted.page !== page) setPage(wanted.page);
    // Only a changed URL drives this direction.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [params]);

  return null;
}
