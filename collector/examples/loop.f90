! loop.f90 - time a Fortran loop at several N with libsubtick, print the
! unit cost it has seen (subtick_result: the least-values line analyze
! would fit, computed in the program), then analyze the stream it wrote.
!
!   gfortran -O2 loop.f90 -I$(pkg-config --variable=fmoddir subtick) \
!            $(pkg-config --libs subtick) -o loopf
!   ./loopf loopf.st
!   analyze loopf.st
program loop
  use subtick
  implicit none
  type(c_ptr) :: r
  type(subtick_result_t) :: res
  integer(c_int64_t) :: t0, n
  integer :: sweep, i, k
  integer, parameter :: points = 24
  character(len=256) :: path
  real(8) :: x, sink

  path = 'loopf.st'
  if (command_argument_count() >= 1) call get_command_argument(1, path)
  r = subtick_open(path, 'fortran-loop', summary=.true.)  ! a line at close
  if (.not. c_associated_r(r)) stop 'subtick_open failed'
  sink = 0
  do sweep = 1, 200
     do k = 1, points
        ! N in a new order every sweep: 1000, 2000, ... visited by a stride
        i = mod(k * 7 + sweep, points) + 1
        n = 1000_c_int64_t * i
        t0 = subtick_start(r)
        x = 1.0d0
        do i = 1, int(n)
           x = x * 1.0000001d0 + 1.0d-9   ! dependent: one multiply-add each
        end do
        call subtick_stop(r, n, t0)
        sink = sink + x
     end do
  end do
  if (subtick_result(r, res) == 0 .and. res%ok /= 0) then
     write (*, '(g0.4, a, g0.4, a, g0.4, a)') res%unit_cost_ns, &
          ' ns per multiply-add, bounds [', res%unit_cost_ns_lo, ', ', &
          res%unit_cost_ns_hi, ']'
  end if
  if (subtick_close(r) /= 0) stop 'subtick_close failed'
  if (sink < 0) print *, sink
contains
  logical function c_associated_r(p)
    use, intrinsic :: iso_c_binding, only: c_associated
    type(c_ptr), intent(in) :: p
    c_associated_r = c_associated(p)
  end function c_associated_r
end program loop
