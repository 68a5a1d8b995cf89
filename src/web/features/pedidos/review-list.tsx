import { useEffect, useState } from 'react';
import { ReviewList as ReviewListView } from '../../components/review-list';
import { useResenasProductor } from './api';

/** A producer's reviews on his public profile and his lots, fetched in the browser after hydration. */
export function ReviewList({ productorId }: { productorId: string }) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const { data } = useResenasProductor(productorId, mounted);
  if (!mounted || !data) return null;
  return <ReviewListView promedio={data.promedio} total={data.total} resenas={data.resenas} />;
}
