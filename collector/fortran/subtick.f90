! subtick.f90 - libsubtick for Fortran (ISO_C_BINDING): time a region of
! your program and write the subtick stream, for `analyze`.
!
!   use subtick
!   type(c_ptr) :: r
!   integer(c_int64_t) :: t0, n
!   r = subtick_open('loop.st', 'my-loop')
!   t0 = subtick_start(r)
!   call work(n)
!   call subtick_stop(r, n, t0)
!   if (subtick_close(r) /= 0) stop 'subtick_close failed'
!
! Build: gfortran prog.f90 -I$(pkg-config --variable=fmoddir subtick) \
!        $(pkg-config --libs subtick)
! The strings are trimmed and NUL-terminated here; the rest is the C
! library's (subtick/subtick.h).  A recorder belongs to one thread.
module subtick
  use, intrinsic :: iso_c_binding, only: c_ptr, c_char, c_int, c_int64_t, &
       c_null_char, c_null_ptr
  implicit none
  private
  public :: subtick_open, subtick_start, subtick_stop, subtick_close, &
       c_ptr, c_int, c_int64_t

  interface
     function c_open(path, label, opt) bind(c, name='subtick_open') result(r)
       import :: c_ptr, c_char
       character(kind=c_char), dimension(*), intent(in) :: path, label
       type(c_ptr), value :: opt
       type(c_ptr) :: r
     end function c_open

     function c_start(r) bind(c, name='subtick_start') result(t)
       import :: c_ptr, c_int64_t
       type(c_ptr), value :: r
       integer(c_int64_t) :: t
     end function c_start

     subroutine c_stop(r, n, t0) bind(c, name='subtick_stop')
       import :: c_ptr, c_int64_t
       type(c_ptr), value :: r
       integer(c_int64_t), value :: n, t0
     end subroutine c_stop

     function c_close(r) bind(c, name='subtick_close') result(rc)
       import :: c_ptr, c_int
       type(c_ptr), value :: r
       integer(c_int) :: rc
     end function c_close
  end interface

contains

  ! NULL (c_associated false) when the file cannot be created or the
  ! clock cannot be read.
  function subtick_open(path, label) result(r)
    character(len=*), intent(in) :: path, label
    type(c_ptr) :: r
    r = c_open(trim(path) // c_null_char, trim(label) // c_null_char, c_null_ptr)
  end function subtick_open

  ! The clock reading that starts a region (the C uint64_t, as bits).
  function subtick_start(r) result(t0)
    type(c_ptr), intent(in) :: r
    integer(c_int64_t) :: t0
    t0 = c_start(r)
  end function subtick_start

  subroutine subtick_stop(r, n, t0)
    type(c_ptr), intent(in) :: r
    integer(c_int64_t), intent(in) :: n, t0
    call c_stop(r, n, t0)
  end subroutine subtick_stop

  ! 0, or -1 when a write failed.
  function subtick_close(r) result(rc)
    type(c_ptr), intent(in) :: r
    integer(c_int) :: rc
    rc = c_close(r)
  end function subtick_close

end module subtick
