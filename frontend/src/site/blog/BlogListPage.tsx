import SearchIcon from '@mui/icons-material/Search';
import {
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Chip,
  Container,
  Grid,
  InputAdornment,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { PageHeader } from '../../ui/PageHeader';
import { usePageTitle } from '../../ui/usePageTitle';
import { BLOG_CATEGORIES, searchPosts, type BlogCategory } from './posts';

export const formatDate = (iso: string) =>
  new Date(`${iso}T12:00:00Z`).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

export function BlogListPage() {
  usePageTitle('Blog - QR Code Sharks');
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState<'All' | BlogCategory>('All');
  const posts = searchPosts(query, category);

  return (
    <>
      <PageHeader title="QR Code Sharks Blog" subtitle="Guides, ideas and Shark Tips for getting more from every QR code." />
      <Container maxWidth="lg" sx={{ py: 6 }}>
        <TextField
          type="search"
          label="Search articles"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          fullWidth
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon aria-hidden="true" />
                </InputAdornment>
              ),
            },
          }}
          sx={{ mb: 2, maxWidth: 560 }}
        />
        <Stack direction="row" role="group" aria-label="Filter articles by category" sx={{ flexWrap: 'wrap', gap: 1, mb: 4 }}>
          {BLOG_CATEGORIES.map((option) => (
            <Chip
              key={option}
              label={option}
              clickable
              color={category === option ? 'primary' : 'default'}
              variant={category === option ? 'filled' : 'outlined'}
              aria-pressed={category === option}
              onClick={() => setCategory(option)}
            />
          ))}
        </Stack>
        {posts.length === 0 ? (
          <Box sx={{ textAlign: 'center', py: 8 }} data-testid="blog-empty">
            <Typography variant="h5" component="h2" gutterBottom>
              No articles found
            </Typography>
            <Typography color="text.secondary">Try another search term or category.</Typography>
          </Box>
        ) : (
          <Grid container spacing={3}>
            {posts.map((post) => (
              <Grid key={post.id} size={{ xs: 12, sm: 6, md: 4 }}>
                <Card variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }} data-testid="blog-card">
                  <CardContent sx={{ flexGrow: 1 }}>
                    <Chip size="small" color="secondary" label={post.category} sx={{ mb: 1 }} />
                    <Typography variant="h6" component="h2" gutterBottom>
                      {post.title}
                    </Typography>
                    <Typography color="text.secondary" sx={{ mb: 2 }}>
                      {post.excerpt}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {post.author} · {formatDate(post.publishedAt)} · {post.readTime}
                    </Typography>
                    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, mt: 1.5 }}>
                      {post.tags.slice(0, 3).map((tag) => (
                        <Chip key={tag} size="small" variant="outlined" label={tag} />
                      ))}
                    </Stack>
                  </CardContent>
                  <CardActions sx={{ p: 2, pt: 0 }}>
                    <Button component={RouterLink} to={`/blog/${post.id}`} aria-label={`Read More: ${post.title}`}>
                      Read More
                    </Button>
                  </CardActions>
                </Card>
              </Grid>
            ))}
          </Grid>
        )}
      </Container>
    </>
  );
}
